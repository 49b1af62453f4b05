/**
 * 新建打印模板 / 编辑打印模板: the designer's 基础设置 step (issue 29; jnpf-wire-engine2.md §6):
 * name, code, category (a printDev dictionary item, by enCode), type (1 流程表单, 2 功能表单) and
 * where the data comes from — a released model (Qiming's addition, `modelId`; its record fills
 * the template without SQL) or one or more SQL statements (`sqlTemplate`, JSON text
 * `[{"sql": …}]`, on the default database `0`) with `@formId` and the other variables. The
 * server checks everything (the statements through the data-interface guard) and its messages
 * are shown under the fields they name; the dialog stays open with what was typed.
 */
import { Button, Form, Input, Radio, Select, TreeSelect, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DictionaryItem } from '@/api/dictionary';
import {
  createPrintTemplate,
  getPrintTemplate,
  updatePrintTemplate,
  type PrintTemplateForm,
  type PrintTemplateInfo,
} from '@/api/printDev';
import { RecordFormDialog } from '@/components/EntityFormDialog';
import { useReleasedModels } from '@/hooks/useReleasedModels';
import { RecordTailItems } from '@/components/entityItems';
import { TEMPLATE_TYPES } from './templateTypes';

/** The platform's own database, the only data connection a template may use. */
export const PLATFORM_DB = '0';

export type Source = 'model' | 'sql';

export interface PrintDevValues {
  fullName: string;
  enCode: string;
  category?: string;
  type: number;
  source: Source;
  modelId?: string;
  dbLinkId: string;
  /** The statements, one per box. */
  sqlTemplate: string[];
  sortCode: number | null;
  enabledMark: number;
  description: string;
}

/** `[{"sql": "…"}]` text → the statements ([''] for none, so one box shows). */
export function statementsOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text || '[]');
    const list = Array.isArray(parsed) ? parsed.map((s) => (s && typeof s === 'object' ? String((s as { sql?: unknown }).sql ?? '') : String(s ?? ''))) : [];
    return list.length ? list : [''];
  } catch {
    return [text];
  }
}

export function templateToValues(info: PrintTemplateInfo | null): PrintDevValues {
  if (!info) {
    return { fullName: '', enCode: '', category: undefined, type: 1, source: 'sql', modelId: undefined, dbLinkId: PLATFORM_DB, sqlTemplate: [''], sortCode: 0, enabledMark: 1, description: '' };
  }
  return {
    fullName: info.fullName,
    enCode: info.enCode,
    category: info.category || undefined,
    type: info.type,
    source: info.modelId ? 'model' : 'sql',
    modelId: info.modelId || undefined,
    dbLinkId: info.dbLinkId || PLATFORM_DB,
    sqlTemplate: statementsOf(info.sqlTemplate),
    sortCode: info.sortCode,
    enabledMark: info.enabledMark,
    description: info.description,
  };
}

/** What is sent: a model template sends its model and no statements; an SQL one no model. */
export function templateToWire(v: PrintDevValues): PrintTemplateForm {
  const model = v.source === 'model';
  return {
    fullName: v.fullName?.trim() ?? '',
    enCode: v.enCode?.trim() ?? '',
    category: v.category ?? '',
    type: v.type,
    modelId: model ? (v.modelId ?? '') : '',
    dbLinkId: v.dbLinkId || PLATFORM_DB,
    sqlTemplate: JSON.stringify(model ? [] : (v.sqlTemplate ?? []).map((sql) => ({ sql }))),
    sortCode: v.sortCode ?? 0,
    enabledMark: v.enabledMark,
    description: v.description ?? '',
  };
}

/** The statements, one text box each, added and removed (at least one stays). */
function SqlStatements({ value = [''], onChange, id }: { value?: string[]; onChange?(v: string[]): void; id?: string }) {
  const { t } = useTranslation();
  const list = value.length ? value : [''];
  const set = (i: number, sql: string) => onChange?.(list.map((s, n) => (n === i ? sql : s)));
  return (
    <div id={id} className="qm-print-sql-list">
      {list.map((sql, i) => (
        <div key={i} style={{ display: 'flex', gap: 4, marginBottom: 8 }}>
          <Input.TextArea
            className="qm-print-sql"
            aria-label={`${t('printDev.sql')} ${i + 1}`}
            rows={3}
            value={sql}
            placeholder={t('printDev.sqlPlaceholder')}
            onChange={(e) => set(i, e.target.value)}
          />
          {list.length > 1 && (
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('printDev.removeSql', { n: i + 1 })}
              onClick={() => onChange?.(list.filter((_, n) => n !== i))} />
          )}
        </div>
      ))}
      <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => onChange?.([...list, ''])}>
        {t('printDev.addSql')}
      </Button>
    </div>
  );
}

interface Props {
  target: { id: string } | null;
  form: FormInstance<PrintDevValues>;
  categories: DictionaryItem[];
  onClose(): void;
  onSaved(): void;
}

export function PrintDevDialog({ target, form, categories, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const source = Form.useWatch('source', form);
  const models = useReleasedModels(target !== null);
  const required = (label: string) => ({ required: true, message: t('printDev.required', { label }) });

  return (
    <RecordFormDialog<PrintTemplateInfo, PrintDevValues> target={target} titles={[t('printDev.add'), t('printDev.edit')]}
      name="printDev" form={form} api={{ get: getPrintTemplate, create: createPrintTemplate, update: updatePrintTemplate }}
      toValues={templateToValues} toWire={(v) => templateToWire(v as PrintDevValues)} onClose={onClose} onSaved={onSaved}
      className="qm-print-dev-form" width={720}>
      <Form.Item name="fullName" label={t('printDev.fullName')} rules={[required(t('printDev.fullName'))]}>
        <Input maxLength={100} placeholder={t('printDev.fullName')} />
      </Form.Item>
      <Form.Item name="enCode" label={t('printDev.enCode')} rules={[required(t('printDev.enCode'))]}>
        <Input maxLength={50} placeholder={t('printDev.enCode')} />
      </Form.Item>
      <Form.Item name="category" label={t('printDev.category')} rules={[required(t('printDev.category'))]}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('picker.placeholder')}
          options={categories.map((c) => ({ value: c.enCode, label: c.fullName }))}
        />
      </Form.Item>
      <Form.Item name="type" label={t('printDev.type')}>
        <Radio.Group options={TEMPLATE_TYPES.map((x) => ({ value: x.value, label: t(x.key) }))} />
      </Form.Item>
      <Form.Item name="source" label={t('printDev.source')}>
        <Radio.Group
          options={[
            { value: 'sql', label: t('printDev.sourceSql') },
            { value: 'model', label: t('printDev.sourceModel') },
          ]}
        />
      </Form.Item>
      {source === 'model' ? (
        <Form.Item name="modelId" label={t('printDev.model')} rules={[required(t('printDev.model'))]}>
          <TreeSelect treeData={models} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder={t('picker.placeholder')} />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="dbLinkId" label={t('printDev.dbLink')}>
            <Select options={[{ value: PLATFORM_DB, label: t('printDev.defaultDb') }]} />
          </Form.Item>
          <Form.Item name="sqlTemplate" label={t('printDev.sql')} extra={t('printDev.sqlHint')}>
            <SqlStatements />
          </Form.Item>
        </>
      )}
      <RecordTailItems />
    </RecordFormDialog>
  );
}
