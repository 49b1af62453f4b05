/**
 * 列表权限 (ModuleColumn) and 表单权限 (ModuleForm) of a menu (jnpf-wire-areas.md §1.8; PERM-007,
 * PERM-008, PERM-012): the menu's fields (字段名称 = enCode, 字段说明 = fullName, the rule — 主表,
 * 副表 or 子表 —, the bound table, 排序, 状态) with the keyword, 新建 and 批量新建; per row 编辑
 * and 删除. A field's form and the batch's rows are checked by the rules core's field rules (a
 * field of a sub-table names it: childTableKey) before anything is sent; a batch is stored all
 * or none, and the server names the row it refuses. 数据连接 (btn_edit) chooses the tables of
 * the platform database the fields come from, and 从数据表添加 (btn_add) adds the columns picked
 * of them as one batch, each checked by the core first (DataLink).
 */
import { useState } from 'react';
import { App, Button, Form, Input, Select, Tag } from 'antd';
import { FormModal } from '@/components/FormModal';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  batchFields,
  createField,
  deleteField,
  getField,
  getFields,
  toggleFieldState,
  updateField,
  type FieldInfo,
  type FieldKind,
  type ItemForm,
  type MenuInfo,
} from '@/api/menu';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { useConfirm } from '@/components/useConfirm';
import { loadCore } from '@/core';
import { BTN_ADD, BTN_EDIT } from '@/hooks/useButtons';
import { useEntityRules, type EntityRules } from '@/hooks/useEntityRules';
import { coreText } from '@/i18n';
import { applyServerErrors } from '@/utils/formErrors';
import { LinkDialog, LinkFieldPicker, type PickedField } from './DataLink';
import { DRAWER_COLUMNS, ItemDrawer, useMenuItems } from './ItemDrawer';
import { manageColumns, sortCodeColumn } from '@/components/listColumns';
import { RowsTable } from '@/components/ListPage';
import { CommonItems, TextItem } from '@/components/entityItems';
import type { CommonValues } from '@/components/entityValues';

/** Where a field is bound: 0 the main table, 1 a secondary table, 2 a sub-table. */
export const FIELD_RULES = [0, 1, 2];

const FLAG: Record<FieldKind, 'isColumnAuthorize' | 'isFormAuthorize'> = { column: 'isColumnAuthorize', form: 'isFormAuthorize' };

/** The rule, the bound table and — for a sub-table — its widget's field: shared by both forms. */
export function BindingFields({ rules }: { rules: EntityRules }) {
  const { t } = useTranslation();
  const fieldRule = Form.useWatch('fieldRule') as number | undefined;
  return (
    <>
      <Form.Item {...rules.item('fieldRule')} label={t('menuAdmin.fieldRule')}>
        <Select options={FIELD_RULES.map((v) => ({ value: v, label: t(`menuAdmin.fieldRules.${v}`) }))} />
      </Form.Item>
      {fieldRule !== undefined && fieldRule !== 0 && (
        <Form.Item {...rules.item('bindTable')} label={t('menuAdmin.bindTable')}>
          <Input maxLength={rules.maxLength('bindTable')} placeholder={t('menuAdmin.bindTable')} />
        </Form.Item>
      )}
      {rules.required('childTableKey', { fieldRule }) && (
        <Form.Item {...rules.item('childTableKey', { fieldRule })} label={t('menuAdmin.childTableKey')}>
          <Input maxLength={rules.maxLength('childTableKey')} placeholder={t('menuAdmin.childTableKeyPlaceholder')} />
        </Form.Item>
      )}
    </>
  );
}

/** What the binding fields send: no table for the main one, no key but for a sub-table. */
export function bindingWire(v: { fieldRule: number; bindTable?: string; childTableKey?: string }) {
  return {
    fieldRule: v.fieldRule,
    bindTable: v.fieldRule === 0 ? '' : (v.bindTable?.trim() ?? ''),
    childTableKey: v.fieldRule === 2 ? (v.childTableKey?.trim() ?? '') : '',
  };
}

/** 字段名称 (enCode) and 字段说明 (fullName), with core's rules. */
export function FieldNameItems({ rules }: { rules: EntityRules }) {
  const { t } = useTranslation();
  return (
    <>
      <TextItem rules={rules} name="enCode" label={t('menuAdmin.fieldCode')} />
      <TextItem rules={rules} name="fullName" label={t('menuAdmin.fieldName')} />
    </>
  );
}

interface FieldValues extends CommonValues {
  fieldRule: number;
  bindTable: string;
  childTableKey: string;
}

function FieldDialog({ kind, target, menuId, onClose, onSaved }: { kind: FieldKind; target: { id: string } | null; menuId: string; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FieldValues>();
  const toValues = (info: FieldInfo | null): FieldValues =>
    info
      ? {
          fieldRule: info.fieldRule,
          bindTable: info.bindTable,
          childTableKey: info.childTableKey,
          enCode: info.enCode,
          fullName: info.fullName,
          sortCode: info.sortCode,
          enabledMark: info.enabledMark,
          description: info.description,
        }
      : { fieldRule: 0, bindTable: '', childTableKey: '', enCode: '', fullName: '', sortCode: 0, enabledMark: 1, description: '' };
  // What the form does not show is sent empty: no table for the main one, no key but for a sub-table.
  const toWire = (v: FieldValues): ItemForm => ({
    moduleId: menuId,
    ...bindingWire(v),
    enCode: v.enCode?.trim() ?? '',
    fullName: v.fullName?.trim() ?? '',
    sortCode: v.sortCode ?? 0,
    enabledMark: v.enabledMark,
    description: v.description ?? '',
  });
  return (
    <EntityFormDialog<FieldInfo, FieldValues> target={target} titles={[t('menuAdmin.addField'), t('menuAdmin.editField')]}
      entity="moduleField" form={form}
      api={{ get: (id) => getField(kind, id), create: (body: ItemForm) => createField(kind, body), update: (id, body: ItemForm) => updateField(kind, id, body) }}
      toValues={toValues} toWire={toWire} onClose={onClose} onSaved={onSaved} className="qm-field-form">
      {(rules) => (
        <>
          <BindingFields rules={rules} />
          <FieldNameItems rules={rules} />
          <CommonItems rules={rules} />
        </>
      )}
    </EntityFormDialog>
  );
}

interface BatchValues {
  fieldRule: number;
  bindTable: string;
  childTableKey: string;
  fields: { enCode: string; fullName: string }[];
}

/**
 * 批量新建: the rule, table and sub-table key of every row, then the rows (字段名称, 字段说明),
 * each row checked by the core's field rules as one field, all before the request.
 */
function BatchDialog({ kind, open, menuId, onClose, onSaved }: { kind: FieldKind; open: boolean; menuId: string; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<BatchValues>();
  const rules = useEntityRules('moduleField', form);
  const [saving, setSaving] = useState(false);

  /** A row's field checked as the field of one record: the row with the shared rule and table. */
  const rowRule = (index: number, name: 'enCode' | 'fullName') => ({
    validator: async (_: unknown, value: unknown) => {
      const core = await loadCore();
      const all = form.getFieldsValue(true) as BatchValues;
      const record = { ...all.fields?.[index], [name]: value ?? null, fieldRule: all.fieldRule, childTableKey: all.childTableKey, bindTable: all.bindTable };
      const problems = core.checkEntity('moduleField', record, true)[name];
      if (problems?.length) throw new Error(coreText(problems[0]));
    },
  });

  const submit = async () => {
    let values: BatchValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the core's messages are under the fields
    }
    const all = { ...form.getFieldsValue(true), ...values } as BatchValues;
    const rows = (all.fields ?? []).map((f) => ({
      enCode: f.enCode?.trim() ?? '',
      fullName: f.fullName?.trim() ?? '',
      ...bindingWire(all),
    }));
    setSaving(true);
    try {
      const res = await batchFields(kind, menuId, rows, all.fieldRule === 0 ? '' : (all.bindTable?.trim() ?? ''));
      void message.success(res.msg || t('profile.saved'), 1.5);
      onClose();
      onSaved();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal open={open} title={t('menuAdmin.batchAdd')} className="qm-batch-form" confirmLoading={saving} onOk={submit}
      onCancel={onClose}>
      <Form
        form={form}
        name="moduleFieldBatch"
        // A fresh form on each opening (the dialog is destroyed when hidden).
        initialValues={{ fieldRule: 0, bindTable: '', childTableKey: '', fields: [{ enCode: '', fullName: '' }] }}
        layout="horizontal" labelCol={{ flex: '100px' }} labelWrap wrapperCol={{ flex: 1 }} autoComplete="off">
        <BindingFields rules={rules} />
        <Form.List name="fields">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row) => (
                <div key={row.key} className="qm-batch-row">
                  <Form.Item name={[row.name, 'enCode']} rules={[rowRule(row.name, 'enCode')]} label={`${t('menuAdmin.fieldCode')} ${row.name + 1}`}>
                    <Input maxLength={rules.maxLength('enCode')} placeholder={t('menuAdmin.fieldCode')} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'fullName']} rules={[rowRule(row.name, 'fullName')]} label={`${t('menuAdmin.fieldName')} ${row.name + 1}`}>
                    <Input maxLength={rules.maxLength('fullName')} placeholder={t('menuAdmin.fieldName')} />
                  </Form.Item>
                  {rows.length > 1 && (
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('menuAdmin.removeRow')} ${row.name + 1}`} onClick={() => remove(row.name)} />
                  )}
                </div>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ enCode: '', fullName: '' })}>
                {t('menuAdmin.addRow')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormModal>
  );
}

interface Props {
  kind: FieldKind;
  menu: MenuInfo | null;
  can(code: string): boolean;
  onClose(): void;
}

export function FieldDrawer({ kind, menu, can, onClose }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { menuId, rows: fields, setKeyword } = useMenuItems(menu, (id, keyword) => getFields(kind, id, keyword));
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [batch, setBatch] = useState(false);
  const [linking, setLinking] = useState(false);
  const [picking, setPicking] = useState(false);
  const { message } = App.useApp();
  const dataType = kind === 'column' ? 1 : 2;

  /** The picked columns as one batch: each checked by the core as a field, then sent. */
  const addPicked = async (picked: PickedField[]) => {
    const rows = picked.map((p) => ({ enCode: p.field, fullName: p.fieldName, fieldRule: p.fieldRule, bindTable: p.table, childTableKey: '' }));
    const core = await loadCore();
    for (const row of rows) {
      const problems = Object.values(core.checkEntity('moduleField', row, true)).find((list) => list?.length);
      if (problems?.length) {
        void message.error(`${row.enCode}: ${coreText(problems[0])}`);
        return;
      }
    }
    try {
      const main = picked.find((p) => p.fieldRule === 0)?.table ?? '';
      const res = await batchFields(kind, menuId, rows, main);
      void message.success(res.msg || t('profile.saved'), 1.5);
      setPicking(false);
      fields.refresh();
    } catch {
      // The HTTP client has shown the server's message; the choice stays.
    }
  };

  return (
    <ItemDrawer
      menu={menu}
      kind={t(`menuAdmin.items.${FLAG[kind]}`)}
      className={`qm-${kind}-drawer`}
      onSearch={setKeyword}
      rows={fields}
      onClose={onClose}
      onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
      actions={
        can(BTN_ADD) && (
          <>
            <Button onClick={() => setBatch(true)}>{t('menuAdmin.batchAdd')}</Button>
            <Button onClick={() => setPicking(true)}>{t('menuAdmin.pickFields')}</Button>
          </>
        )
      }
      extra={can(BTN_EDIT) && <Button onClick={() => setLinking(true)}>{t('menuAdmin.dataLink')}</Button>}
    >
      <RowsTable<FieldInfo>
        rows={fields}
        columns={[
          { key: 'enCode', title: t('menuAdmin.fieldCode'), dataIndex: 'enCode', ellipsis: true },
          { key: 'fullName', title: t('menuAdmin.fieldName'), dataIndex: 'fullName', ellipsis: true },
          {
            key: 'fieldRule',
            title: t('menuAdmin.fieldRule'),
            dataIndex: 'fieldRule',
            width: 70,
            align: 'center',
            render: (v: number) => <Tag>{t(`menuAdmin.fieldRules.${v}`, { defaultValue: String(v) })}</Tag>,
          },
          { key: 'bindTable', title: t('menuAdmin.bindTable'), dataIndex: 'bindTable', width: 110, ellipsis: true },
          sortCodeColumn(t, 60),
          ...manageColumns<FieldInfo>({
            t,
            confirm,
            can,
            what: t('menuAdmin.fieldWhat'),
            toggle: (id) => toggleFieldState(kind, id),
            remove: (id) => deleteField(kind, id),
            onEdit: (row) => setTarget({ id: row.id }),
            done: fields.refresh,
            ...DRAWER_COLUMNS,
          }),
        ]}
      />
      {menuId && <FieldDialog kind={kind} target={target} menuId={menuId} onClose={() => setTarget(null)} onSaved={fields.refresh} />}
      {menuId && <BatchDialog kind={kind} open={batch} menuId={menuId} onClose={() => setBatch(false)} onSaved={fields.refresh} />}
      {menuId && <LinkDialog open={linking} menuId={menuId} dataType={dataType} onClose={() => setLinking(false)} />}
      {menuId && <LinkFieldPicker open={picking} menuId={menuId} dataType={dataType} multiple onClose={() => setPicking(false)} onPick={addPicked} />}
    </ItemDrawer>
  );
}
