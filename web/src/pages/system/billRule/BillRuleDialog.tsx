/**
 * 新建单据 / 编辑单据 (spec 01 §2.9, BILL-001: the 600px form dialog; BILL-002..022): business
 * name, code and category (a businessType item, by id; BILL-004) checked by the rules core's
 * entity rules; prefix, date format, digit (one character, BILL-017) and start number by the
 * core's serial rules; the example below them is the core's preview for today, recomputed as
 * any of the four changes (BILL-005) and never typed. The start number is sent fitted to the
 * digit width by the core (BILL-021); sort 0..999999, default 0 (BILL-006, BILL-022); enabled
 * by default (BILL-007).
 */
import { Form, Input, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { createBillRule, getBillRule, updateBillRule, type BillRuleForm, type BillRuleInfo } from '@/api/billRule';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { useCore, type Core } from '@/hooks/useCore';
import type { DictionaryItem } from '@/api/dictionary';
import { DATE_FORMATS, fittedStartNumber, serialExample, useSerialRules } from './serial';
import { CommonItems, NameCodeItems } from '@/components/entityItems';
import { commonValues, commonWire, type CommonValues } from '@/components/entityValues';

export interface BillRuleValues extends CommonValues {
  category?: string;
  prefix: string;
  dateFormat?: string;
  digit: string;
  startNumber: string;
}

export function ruleToValues(info: BillRuleInfo | null): BillRuleValues {
  if (!info) {
    return { fullName: '', enCode: '', category: undefined, prefix: '', dateFormat: undefined, digit: '', startNumber: '', sortCode: 0, enabledMark: 1, description: '' };
  }
  return {
    ...commonValues(info),
    category: info.category || undefined,
    prefix: info.prefix,
    dateFormat: info.dateFormat || undefined,
    digit: info.digit ? String(info.digit) : '',
    startNumber: info.startNumber,
  };
}

export function ruleToWire(values: BillRuleValues, core: Core | null): BillRuleForm {
  return {
    ...commonWire(values),
    category: values.category ?? '',
    prefix: values.prefix?.trim() ?? '',
    dateFormat: values.dateFormat ?? '',
    digit: String(values.digit ?? '').trim(),
    startNumber: fittedStartNumber(core, values as unknown as Record<string, unknown>),
  };
}

/** BILL-005: the read-only example, recomputed by the core as the numbering fields change. */
function SerialExample({ core, form }: { core: Core | null; form: FormInstance<BillRuleValues> }) {
  const { t } = useTranslation();
  const prefix = Form.useWatch('prefix', form);
  const dateFormat = Form.useWatch('dateFormat', form);
  const digit = Form.useWatch('digit', form);
  const startNumber = Form.useWatch('startNumber', form);
  const example = serialExample(core, { prefix, dateFormat, digit, startNumber });
  return <Input id="billRule_example" readOnly value={example} placeholder={t('billRule.exampleHint')} className="qm-serial-example" />;
}

interface Props {
  target: { id: string } | null;
  form: FormInstance<BillRuleValues>;
  categories: DictionaryItem[];
  onClose(): void;
  onSaved(): void;
}

export function BillRuleDialog({ target, form, categories, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const core = useCore();
  const serial = useSerialRules(core, form);
  return (
    <EntityFormDialog<BillRuleInfo, BillRuleValues> target={target} titles={[t('billRule.add'), t('billRule.edit')]}
      entity="billRule" form={form} api={{ get: getBillRule, create: createBillRule, update: updateBillRule }}
      toValues={ruleToValues} toWire={(values) => ruleToWire(values, core)} onClose={onClose} onSaved={onSaved}
      className="qm-bill-rule-form">
      {(rules) => {
        const prefix = rules.item('prefix');
        const prefixSerial = serial('prefix');
        return (
          <>
            <NameCodeItems rules={rules} name={t('billRule.fullName')} code={t('billRule.enCode')} />
            <Form.Item {...rules.item('category')} label={t('billRule.category')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('picker.placeholder')}
                options={categories.map((c) => ({ value: c.id, label: c.fullName }))}
              />
            </Form.Item>
            <Form.Item
              name="prefix"
              label={t('billRule.prefix')}
              required={prefix.required || prefixSerial.required}
              rules={[...prefixSerial.rules, ...prefix.rules]}
            >
              <Input maxLength={rules.maxLength('prefix')} placeholder={t('billRule.prefix')} />
            </Form.Item>
            <Form.Item {...serial('dateFormat')} label={t('billRule.dateFormat')}>
              <Select
                placeholder={t('picker.placeholder')}
                options={DATE_FORMATS.map((f) => ({ value: f, label: t(`billRule.formats.${f}`) }))}
              />
            </Form.Item>
            <Form.Item {...serial('digit')} label={t('billRule.digit')}>
              {/* BILL-017: one character. */}
              <Input maxLength={1} placeholder={t('billRule.digit')} />
            </Form.Item>
            <Form.Item {...serial('startNumber')} label={t('billRule.startNumber')}>
              <Input placeholder={t('billRule.startNumber')} />
            </Form.Item>
            <Form.Item label={t('billRule.example')} htmlFor="billRule_example">
              <SerialExample core={core} form={form} />
            </Form.Item>
            <CommonItems rules={rules} />
          </>
        );
      }}
    </EntityFormDialog>
  );
}
