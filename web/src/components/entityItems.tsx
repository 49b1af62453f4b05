/**
 * The form items administration dialogs share (inside EntityFormDialog): a text field checked by
 * core's rules, and the tail every record form ends with — 排序 (0–999999), 状态 (a switch
 * holding 1/0) and 说明 (three rows).
 */
import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityRules } from '@/hooks/useEntityRules';

/** A one-line text field with core's rules and length, its label as placeholder. */
export function TextItem({ rules, name, label, placeholder }: { rules: EntityRules; name: string; label: string; placeholder?: string }) {
  return (
    <Form.Item {...rules.item(name)} label={label}>
      <Input maxLength={rules.maxLength(name)} placeholder={placeholder ?? label} />
    </Form.Item>
  );
}

/** 名称 and 编码 (fullName, enCode). */
export function NameCodeItems({ rules, name, code }: { rules: EntityRules; name: string; code: string }) {
  return (
    <>
      <TextItem rules={rules} name="fullName" label={name} />
      <TextItem rules={rules} name="enCode" label={code} />
    </>
  );
}

/** 排序: a whole number 0–999999. */
export function SortCodeItem({ label }: { label?: string } = {}) {
  const { t } = useTranslation();
  return (
    <Form.Item name="sortCode" label={label ?? t('manage.sortCode')}>
      <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** 状态: a switch over enabledMark 1/0. */
export function EnabledMarkItem({ label }: { label?: string } = {}) {
  const { t } = useTranslation();
  return (
    <Form.Item name="enabledMark" label={label ?? t('manage.state')} getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
      <Switch />
    </Form.Item>
  );
}

/** 说明: three rows, core's length. */
export function DescriptionItem({ rules, rows = 3 }: { rules: EntityRules; rows?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item {...rules.item('description')} label={t('manage.description')}>
      <Input.TextArea rows={rows} maxLength={rules.maxLength('description')} />
    </Form.Item>
  );
}

/** 排序, 状态 and 说明, as a record form ends. */
export function CommonItems({ rules }: { rules: EntityRules }) {
  return (
    <>
      <SortCodeItem />
      <EnabledMarkItem />
      <DescriptionItem rules={rules} />
    </>
  );
}

/** 排序, 状态 and 说明 of a form the core has no entity for (a print template, a portal): the server checks them. */
export function RecordTailItems() {
  const { t } = useTranslation();
  return (
    <>
      <SortCodeItem />
      <EnabledMarkItem />
      <Form.Item name="description" label={t('manage.description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </>
  );
}
