/**
 * 新建区域 / 编辑区域 (jnpf-wire-areas.md §2.3): the 600px form of an area — its parent chosen
 * with the area picker (any level, 顶级节点 for a province; the edited area and what is below it
 * are not offered), name, digits-only code, sort, state and description, checked by the rules
 * core's area form as they are typed and by the server on save (区域编码不能重复, …).
 */
import { Form, Input, InputNumber, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { AREA_ROOT, createArea, getArea, updateArea, type AreaForm, type AreaInfo } from '@/api/area';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { AreaSelect } from '@/widgets/pickers/AreaSelect';

export interface AreaValues {
  /** The parent's id path as the picker holds it ([-1] for the top). */
  parentId: string[];
  fullName: string;
  enCode: string;
  sortCode: number | null;
  enabledMark: number;
  description: string;
}

export interface AreaTarget {
  /** '' for a new area. */
  id: string;
  /** A new area's parent path, when it is added below a row. */
  parent?: string[];
}

export function areaToValues(info: AreaInfo | null, parent?: string[]): AreaValues {
  if (!info) return { parentId: parent ?? [], fullName: '', enCode: '', sortCode: 0, enabledMark: 1, description: '' };
  return {
    parentId: [info.parentId || AREA_ROOT],
    fullName: info.fullName,
    enCode: info.enCode,
    sortCode: info.sortCode,
    enabledMark: info.enabledMark,
    description: info.description,
  };
}

export function areaToWire(v: AreaValues): AreaForm {
  return {
    parentId: v.parentId?.[v.parentId.length - 1] ?? '',
    fullName: v.fullName?.trim() ?? '',
    enCode: v.enCode?.trim() ?? '',
    sortCode: v.sortCode ?? 0,
    enabledMark: v.enabledMark,
    description: v.description ?? '',
  };
}

interface Props {
  target: AreaTarget | null;
  form: FormInstance<AreaValues>;
  onClose(): void;
  onSaved(): void;
}

export function AreaDialog({ target, form, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const id = target?.id ?? '';
  return (
    <EntityFormDialog<AreaInfo, AreaValues>
      target={target}
      title={id ? t('area.edit') : t('area.add')}
      entity="area"
      form={form}
      load={getArea}
      toValues={(info) => areaToValues(info, target?.parent)}
      toWire={areaToWire}
      save={(areaId, body) => (areaId ? updateArea(areaId, body as AreaForm) : createArea(body as AreaForm))}
      onClose={onClose}
      onSaved={onSaved}
      className="qm-area-form"
    >
      {(rules) => (
        <>
          <Form.Item {...rules.item('parentId')} label={t('area.parent')}>
            <AreaSelect branches topNode level={3} currId={id || '0'} title={t('area.parent')} />
          </Form.Item>
          <Form.Item {...rules.item('fullName')} label={t('area.fullName')}>
            <Input maxLength={rules.maxLength('fullName')} placeholder={t('area.fullName')} />
          </Form.Item>
          <Form.Item {...rules.item('enCode')} label={t('area.enCode')}>
            <Input maxLength={rules.maxLength('enCode')} placeholder={t('area.enCode')} />
          </Form.Item>
          <Form.Item name="sortCode" label={t('manage.sortCode')}>
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="enabledMark" label={t('manage.state')} getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
            <Switch />
          </Form.Item>
          <Form.Item {...rules.item('description')} label={t('manage.description')}>
            <Input.TextArea rows={3} maxLength={rules.maxLength('description')} />
          </Form.Item>
        </>
      )}
    </EntityFormDialog>
  );
}
