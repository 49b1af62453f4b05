/**
 * 新建门户 / 编辑门户: the record dialog (jnpf-wire-engine2.md §2.1) — 名称, 编码, 分类 (a
 * portalDesigner item, by id), 类型 门户设计 (0) / 配置路径 (1); for a path its 链接类型 (页面 /
 * 外链) and 链接地址; for a design 锁定 (default on); 排序, 状态, 说明. Changing 类型 puts 锁定
 * back on and empties the address. A new portal shows JNPF's hint about menus. The server
 * checks everything (编码's characters, an external address's form) and its messages stand
 * under their fields.
 */
import { Alert, Form, Input, Radio, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DictionaryItem } from '@/api/dictionary';
import type { Envelope } from '@/api/request';
import { createPortal, getPortal, updatePortal, type PortalForm, type PortalInfo } from '@/api/portal';
import { RecordFormDialog } from '@/components/EntityFormDialog';
import { RecordTailItems } from '@/components/entityItems';

export interface PortalValues {
  fullName: string;
  enCode: string;
  category?: string;
  type: number;
  linkType: number;
  customUrl: string;
  enabledLock: number;
  sortCode: number | null;
  enabledMark: number;
  description: string;
}

export function portalToValues(info: PortalInfo | null): PortalValues {
  if (!info) return { fullName: '', enCode: '', category: undefined, type: 0, linkType: 0, customUrl: '', enabledLock: 1, sortCode: 0, enabledMark: 1, description: '' };
  return {
    fullName: info.fullName,
    enCode: info.enCode,
    category: info.category || undefined,
    type: info.type,
    linkType: info.linkType,
    customUrl: info.customUrl,
    enabledLock: info.enabledLock,
    sortCode: info.sortCode,
    enabledMark: info.enabledMark,
    description: info.description,
  };
}

export function portalToWire(v: PortalValues): PortalForm {
  return {
    fullName: v.fullName?.trim() ?? '',
    enCode: v.enCode?.trim() ?? '',
    category: v.category ?? '',
    type: v.type,
    linkType: v.linkType,
    customUrl: v.type === 1 ? (v.customUrl?.trim() ?? '') : '',
    enabledLock: v.enabledLock,
    sortCode: v.sortCode ?? 0,
    enabledMark: v.enabledMark,
    description: v.description ?? '',
  };
}

interface Props {
  target: { id: string } | null;
  form: FormInstance<PortalValues>;
  categories: DictionaryItem[];
  onClose(): void;
  /** After a save, with the answer (a new portal's id) and what was sent. */
  onSaved(res: Envelope<unknown>, values: PortalValues): void;
}

export function PortalDialog({ target, form, categories, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const type = Form.useWatch('type', form);
  const linkType = Form.useWatch('linkType', form);
  const required = (key: string) => ({ required: true, message: t(`portalDesign.required.${key}`) });

  return (
    <RecordFormDialog<PortalInfo, PortalValues>
      target={target}
      titles={[t('portalDesign.add'), t('portalDesign.edit')]}
      name="portal"
      form={form}
      api={{ get: getPortal, create: createPortal, update: updatePortal }}
      toValues={portalToValues}
      toWire={(v) => portalToWire(v)}
      onClose={onClose}
      onSaved={(res) => onSaved(res, form.getFieldsValue(true) as PortalValues)}
      className="qm-portal-form"
    >
      {target?.id === '' && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('portalDesign.newHint')} />}
      <Form.Item name="fullName" label={t('portalDesign.fullName')} rules={[required('fullName')]}>
        <Input maxLength={100} placeholder={t('portalDesign.fullName')} />
      </Form.Item>
      <Form.Item name="enCode" label={t('portalDesign.enCode')} rules={[required('enCode')]}>
        <Input maxLength={50} placeholder={t('portalDesign.enCode')} />
      </Form.Item>
      <Form.Item name="category" label={t('portalDesign.category')} rules={[required('category')]}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('picker.placeholder')} options={categories.map((c) => ({ value: c.id, label: c.fullName }))} />
      </Form.Item>
      <Form.Item name="type" label={t('portalDesign.type')} rules={[required('type')]}>
        <Radio.Group
          options={[
            { value: 0, label: t('portalDesign.typeDesign') },
            { value: 1, label: t('portalDesign.typePath') },
          ]}
          onChange={() => form.setFieldsValue({ enabledLock: 1, customUrl: '' })}
        />
      </Form.Item>
      {type === 1 ? (
        <>
          <Form.Item name="linkType" label={t('portalDesign.linkType')} rules={[required('linkType')]}>
            <Radio.Group
              options={[
                { value: 0, label: t('portalDesign.linkPage') },
                { value: 1, label: t('portalDesign.linkExternal') },
              ]}
            />
          </Form.Item>
          <Form.Item name="customUrl" label={t('portalDesign.customUrl')} rules={[required('customUrl')]} extra={linkType === 1 ? t('portalDesign.urlTip') : undefined}>
            <Input prefix={linkType === 1 ? undefined : '@/views/'} placeholder={t('portalDesign.customUrl')} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="enabledLock" label={t('portalDesign.lock')} tooltip={t('portalDesign.lockTip')} getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
          <Switch />
        </Form.Item>
      )}
      <RecordTailItems />
    </RecordFormDialog>
  );
}
