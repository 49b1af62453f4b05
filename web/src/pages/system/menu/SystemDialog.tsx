/**
 * 新建应用 / 编辑应用 (jnpf-wire-areas.md §1.8): name, code and icon — each required by the
 * rules core's system rules as it is typed and again before the request —, the icon's
 * background colour (propertyJson), sort, state and description. The main application stays
 * enabled: its state is not offered.
 */
import { Form, Input, InputNumber, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { createSystem, getSystem, updateSystem, type SystemForm, type SystemInfo } from '@/api/menu';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { ColorInput } from './ColorInput';
import { IconInput } from './IconInput';
import { NameCodeItems } from '@/components/entityItems';
import { commonValues, type CommonValues } from '@/components/entityValues';

export interface SystemValues extends CommonValues {
  icon: string;
  propertyJson: { iconBackgroundColor?: string };
  isMain: number;
}

function readColor(text: string | null | undefined): string {
  try {
    const parsed = JSON.parse(text || '{}') as { iconBackgroundColor?: unknown };
    return typeof parsed?.iconBackgroundColor === 'string' ? parsed.iconBackgroundColor : '';
  } catch {
    return '';
  }
}

export function systemToValues(info: SystemInfo | null): SystemValues {
  if (!info) return { fullName: '', enCode: '', icon: '', propertyJson: { iconBackgroundColor: '' }, sortCode: 0, enabledMark: 1, description: '', isMain: 0 };
  return {
    ...commonValues(info),
    icon: info.icon,
    propertyJson: { iconBackgroundColor: readColor(info.propertyJson) },
    isMain: info.isMain,
  };
}

export function systemToWire(values: SystemValues): SystemForm {
  return {
    fullName: values.fullName?.trim() ?? '',
    enCode: values.enCode?.trim() ?? '',
    icon: values.icon?.trim() ?? '',
    propertyJson: JSON.stringify({ iconBackgroundColor: values.propertyJson?.iconBackgroundColor ?? '' }),
    sortCode: values.sortCode ?? 0,
    // The main application is never disabled: its state is not sent.
    ...(values.isMain === 1 ? {} : { enabledMark: values.enabledMark }),
    description: values.description ?? '',
  };
}

/** The state, except for the main application, which stays enabled. */
function StateItem() {
  const { t } = useTranslation();
  if (Form.useWatch('isMain') === 1) return null;
  return (
    <Form.Item name="enabledMark" label={t('manage.state')} getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
      <Switch />
    </Form.Item>
  );
}

interface Props {
  target: { id: string } | null;
  form: FormInstance<SystemValues>;
  onClose(): void;
  onSaved(): void;
}

export function SystemDialog({ target, form, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <EntityFormDialog<SystemInfo, SystemValues> target={target} titles={[t('menuAdmin.addSystem'), t('menuAdmin.editSystem')]}
      entity="system" form={form} api={{ get: getSystem, create: createSystem, update: updateSystem }} toValues={systemToValues}
      toWire={systemToWire} onClose={onClose} onSaved={onSaved} className="qm-system-form">
      {(rules) => (
        <>
          <NameCodeItems rules={rules} name={t('menuAdmin.systemName')} code={t('menuAdmin.systemCode')} />
          <Form.Item {...rules.item('icon')} label={t('menuAdmin.systemIcon')}>
            <IconInput />
          </Form.Item>
          <Form.Item name={['propertyJson', 'iconBackgroundColor']} label={t('menuAdmin.iconColor')}>
            <ColorInput />
          </Form.Item>
          <Form.Item name="sortCode" label={t('manage.sortCode')}>
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="isMain" hidden>
            <Input />
          </Form.Item>
          <StateItem />
          <Form.Item {...rules.item('description')} label={t('manage.description')}>
            <Input.TextArea rows={3} maxLength={rules.maxLength('description')} />
          </Form.Item>
        </>
      )}
    </EntityFormDialog>
  );
}
