/**
 * 数据权限 of a menu (jnpf-wire-areas.md §1.8; PERM-012): two tabs. 字段管理 lists the menu's
 * data-authorize fields (ModuleDataAuthorize: 字段名称, 字段说明, 字段类型, 条件符号, 条件内容)
 * with 新建, 编辑 and 删除; 方案管理 its data-permission schemes (ModuleDataAuthorizeScheme: 方案
 * 名称, 方案编码, 过滤条件, 状态) with 新建, 编辑, 删除 and the state switch. A scheme's condition
 * is built from the fields (ConditionBuilder). Every form is checked by the rules core before
 * the request — the field and scheme rules, and the condition by `checkSchemeCondition` —; every
 * button only with its permission (PERM-011); the state switch and delete ask first. On 字段管理,
 * 数据连接 (btn_edit) chooses the platform tables the fields come from, and 从数据表添加
 * (btn_add) opens a new field's form filled from the column picked of them (DataLink).
 */
import { useEffect, useState } from 'react';
import { Button, Form, Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldMessages } from '@qiming/core';
import {
  createAuthorizeField,
  createScheme,
  deleteAuthorizeField,
  deleteScheme,
  getAuthorizeField,
  getAuthorizeFields,
  getScheme,
  getSchemes,
  toggleSchemeState,
  updateAuthorizeField,
  updateScheme,
  type AuthorizeFieldForm,
  type AuthorizeFieldInfo,
  type ItemForm,
  type MenuInfo,
  type SchemeInfo,
} from '@/api/menu';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { useConfirm } from '@/components/useConfirm';
import { loadCore } from '@/core';
import { BTN_ADD, BTN_EDIT, BTN_REMOVE } from '@/hooks/useButtons';
import { useCore } from '@/hooks/useCore';
import { ConditionBuilder, CONDITION_TEXTS, useContentName } from './ConditionBuilder';
import { BindingFields, FieldNameItems, bindingWire } from './FieldDrawer';
import { DescriptionItem, EnabledMarkItem, TextItem } from '@/components/entityItems';
import { LinkDialog, LinkFieldPicker } from './DataLink';
import { DRAWER_COLUMNS, ItemDrawer, useMenuItems } from './ItemDrawer';
import { conditionText, readCondition, type ConditionGroup } from './scheme';
import { manageColumns, rowActionsColumn } from '@/components/listColumns';
import { RowsTable } from '@/components/ListPage';

/** The data types of a data-authorize field (CONST-009's labels). */
export const FIELD_TYPES = ['varchar', 'int', 'bigint', 'double', 'datetime', 'text'];

interface AuthorizeValues {
  fieldRule: number;
  bindTable: string;
  childTableKey: string;
  enCode: string;
  fullName: string;
  type?: string;
  conditionSymbol: string[];
  conditionText?: string;
  description: string;
}

/** A field dialog's target: an id to edit, or '' for a new field, maybe filled from a picked column. */
type FieldTarget = { id: string; preset?: Partial<AuthorizeValues> };

function AuthorizeFieldDialog({ target, menuId, onClose, onSaved }: { target: FieldTarget | null; menuId: string; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AuthorizeValues>();
  const core = useCore();
  const toValues = (info: AuthorizeFieldInfo | null): AuthorizeValues =>
    info
      ? {
          fieldRule: info.fieldRule,
          bindTable: info.bindTable,
          childTableKey: info.childTableKey,
          enCode: info.enCode,
          fullName: info.fullName,
          type: info.type || undefined,
          conditionSymbol: info.conditionSymbol.split(',').map((s) => s.trim()).filter(Boolean),
          conditionText: info.conditionText || undefined,
          description: info.description,
        }
      : {
          fieldRule: 0,
          bindTable: '',
          childTableKey: '',
          enCode: '',
          fullName: '',
          type: undefined,
          conditionSymbol: [],
          conditionText: undefined,
          description: '',
          ...target?.preset,
        };
  const toWire = (v: AuthorizeValues): AuthorizeFieldForm => ({
    moduleId: menuId,
    ...bindingWire(v),
    enCode: v.enCode?.trim() ?? '',
    fullName: v.fullName?.trim() ?? '',
    type: v.type ?? '',
    conditionSymbol: (v.conditionSymbol ?? []).join(','),
    conditionText: v.conditionText ?? '',
    description: v.description ?? '',
  });
  return (
    <EntityFormDialog<AuthorizeFieldInfo, AuthorizeValues> target={target}
      titles={[t('menuAdmin.addField'), t('menuAdmin.editField')]} entity="dataAuthorize" form={form}
      api={{ get: getAuthorizeField, create: createAuthorizeField, update: updateAuthorizeField }} toValues={toValues}
      toWire={toWire} onClose={onClose} onSaved={onSaved} className="qm-authorize-field-form">
      {(rules) => (
        <>
          <BindingFields rules={rules} />
          <FieldNameItems rules={rules} />
          <Form.Item {...rules.item('type')} label={t('menuAdmin.fieldType')}>
            <Select placeholder={t('picker.placeholder')} options={FIELD_TYPES.map((v) => ({ value: v, label: t(`menuAdmin.fieldTypes.${v}`) }))} />
          </Form.Item>
          <Form.Item {...rules.item('conditionSymbol')} label={t('menuAdmin.conditionSymbol')}>
            <Select mode="multiple" placeholder={t('picker.placeholder')} options={(core?.schemeOps() ?? []).map((o) => ({ value: o.op, label: t(`menuAdmin.ops.${o.op}`) }))} />
          </Form.Item>
          <Form.Item {...rules.item('conditionText')} label={t('menuAdmin.conditionText')}>
            <Select placeholder={t('picker.placeholder')} options={CONDITION_TEXTS.map(([value, key]) => ({ value, label: t(`menuAdmin.conditionTexts.${key}`) }))} />
          </Form.Item>
          <DescriptionItem rules={rules} />
        </>
      )}
    </EntityFormDialog>
  );
}

interface SchemeValues {
  enCode: string;
  fullName: string;
  conditionJson: ConditionGroup[];
  enabledMark: number;
  description: string;
}

function SchemeDialog({ target, menuId, fields, onClose, onSaved }: { target: { id: string } | null; menuId: string; fields: AuthorizeFieldInfo[]; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SchemeValues>();
  const core = useCore();
  const contentName = useContentName();
  const [problems, setProblems] = useState<FieldMessages>({});
  useEffect(() => setProblems({}), [target]);

  const toValues = (info: SchemeInfo | null): SchemeValues =>
    info
      ? { enCode: info.enCode, fullName: info.fullName, conditionJson: readCondition(info.conditionJson), enabledMark: info.enabledMark, description: info.description }
      : { enCode: '', fullName: '', conditionJson: readCondition(''), enabledMark: 1, description: '' };
  const toWire = (v: SchemeValues): ItemForm => {
    const groups = v.conditionJson ?? [];
    const needsValue = (op: string) => core?.schemeOps().find((o) => o.op === op)?.needsValue ?? true;
    return {
      moduleId: menuId,
      enCode: v.enCode?.trim() ?? '',
      fullName: v.fullName?.trim() ?? '',
      conditionJson: JSON.stringify(groups),
      conditionText: conditionText(groups, {
        field: (id) => fields.find((f) => f.id === id)?.fullName ?? '',
        op: (op) => t(`menuAdmin.ops.${op}`),
        value: contentName,
        needsValue,
      }),
      enabledMark: v.enabledMark,
      description: v.description ?? '',
    };
  };

  /** The condition checked by the core; its messages show beside each control. */
  const conditionRule = {
    validator: async (_: unknown, value: unknown) => {
      const found = (await loadCore()).checkSchemeCondition(value ?? []);
      setProblems(found);
      const first = Object.values(found)[0];
      if (first?.length) throw new Error(t('menuAdmin.conditionIncomplete'));
    },
  };

  return (
    <EntityFormDialog<SchemeInfo, SchemeValues> target={target} titles={[t('menuAdmin.addScheme'), t('menuAdmin.editScheme')]}
      entity="dataScheme" form={form} api={{ get: getScheme, create: createScheme, update: updateScheme }} toValues={toValues}
      toWire={toWire} onClose={onClose} onSaved={onSaved} className="qm-scheme-form" width={760}>
      {(rules) => (
        <>
          <TextItem rules={rules} name="enCode" label={t('menuAdmin.schemeCode')} />
          <TextItem rules={rules} name="fullName" label={t('menuAdmin.schemeName')} />
          <Form.Item name="conditionJson" label={t('menuAdmin.condition')} rules={[conditionRule]}>
            <ConditionBuilder fields={fields} problems={problems} />
          </Form.Item>
          <EnabledMarkItem />
          <DescriptionItem rules={rules} rows={2} />
        </>
      )}
    </EntityFormDialog>
  );
}

type Tab = 'fields' | 'schemes';

interface Props {
  menu: MenuInfo | null;
  can(code: string): boolean;
  onClose(): void;
}

export function DataDrawer({ menu, can, onClose }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [tab, setTab] = useState<Tab>('fields');
  useEffect(() => setTab('fields'), [menu?.id]);
  const { menuId, rows: fields } = useMenuItems(menu, getAuthorizeFields);
  const { rows: schemes } = useMenuItems(menu, getSchemes);
  const [fieldTarget, setFieldTarget] = useState<FieldTarget | null>(null);
  const [linking, setLinking] = useState(false);
  const [picking, setPicking] = useState(false);
  const [schemeTarget, setSchemeTarget] = useState<{ id: string } | null>(null);
  const contentName = useContentName();
  const current = tab === 'fields' ? fields : schemes;

  return (
    <ItemDrawer
      menu={menu}
      kind={t('menuAdmin.items.isDataAuthorize')}
      className="qm-data-drawer"
      rows={current}
      onClose={onClose}
      onAdd={can(BTN_ADD) ? () => (tab === 'fields' ? setFieldTarget({ id: '' }) : setSchemeTarget({ id: '' })) : undefined}
      addLabel={t(tab === 'fields' ? 'menuAdmin.addField' : 'menuAdmin.addScheme')}
      extra={
        tab === 'fields' && (
          <>
            {can(BTN_ADD) && <Button onClick={() => setPicking(true)}>{t('menuAdmin.pickFields')}</Button>}
            {can(BTN_EDIT) && <Button onClick={() => setLinking(true)}>{t('menuAdmin.dataLink')}</Button>}
          </>
        )
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          {
            key: 'fields',
            label: t('menuAdmin.fieldsTab'),
            children: (
              <RowsTable<AuthorizeFieldInfo>
                rows={fields}
                columns={[
                  { key: 'enCode', title: t('menuAdmin.fieldCode'), dataIndex: 'enCode', ellipsis: true },
                  { key: 'fullName', title: t('menuAdmin.fieldName'), dataIndex: 'fullName', ellipsis: true },
                  { key: 'type', title: t('menuAdmin.fieldType'), dataIndex: 'type', width: 80, render: (v: string) => t(`menuAdmin.fieldTypes.${v}`, { defaultValue: v }) },
                  { key: 'conditionSymbolName', title: t('menuAdmin.conditionSymbol'), dataIndex: 'conditionSymbolName', ellipsis: true },
                  { key: 'conditionText', title: t('menuAdmin.conditionText'), dataIndex: 'conditionText', width: 110, ellipsis: true, render: (v: string) => contentName(v) },
                  rowActionsColumn<AuthorizeFieldInfo>({
                    t,
                    confirm,
                    ...DRAWER_COLUMNS,
                    canEdit: can(BTN_EDIT),
                    canRemove: can(BTN_REMOVE),
                    onEdit: (row) => setFieldTarget({ id: row.id }),
                    remove: deleteAuthorizeField,
                    done: fields.refresh,
                  }),
                ]}
              />
            ),
          },
          {
            key: 'schemes',
            label: t('menuAdmin.schemesTab'),
            children: (
              <RowsTable<SchemeInfo>
                rows={schemes}
                columns={[
                  { key: 'fullName', title: t('menuAdmin.schemeName'), dataIndex: 'fullName', width: 120, ellipsis: true },
                  { key: 'enCode', title: t('menuAdmin.schemeCode'), dataIndex: 'enCode', width: 100, ellipsis: true },
                  { key: 'conditionText', title: t('menuAdmin.condition'), dataIndex: 'conditionText', ellipsis: true },
                  ...manageColumns<SchemeInfo>({
                    t,
                    confirm,
                    can,
                    what: t('menuAdmin.schemeWhat'),
                    toggle: toggleSchemeState,
                    remove: deleteScheme,
                    onEdit: (row) => setSchemeTarget({ id: row.id }),
                    done: schemes.refresh,
                    ...DRAWER_COLUMNS,
                  }),
                ]}
              />
            ),
          },
        ]}
      />
      {menuId && <LinkDialog open={linking} menuId={menuId} dataType={3} onClose={() => setLinking(false)} />}
      {menuId && (
        <LinkFieldPicker
          open={picking}
          menuId={menuId}
          dataType={3}
          multiple={false}
          onClose={() => setPicking(false)}
          onPick={([p]) => {
            setPicking(false);
            if (p) setFieldTarget({ id: '', preset: { enCode: p.field, fullName: p.fieldName, fieldRule: p.fieldRule, bindTable: p.table } });
          }}
        />
      )}
      {menuId && <AuthorizeFieldDialog target={fieldTarget} menuId={menuId} onClose={() => setFieldTarget(null)} onSaved={fields.refresh} />}
      {menuId && <SchemeDialog target={schemeTarget} menuId={menuId} fields={fields.rows} onClose={() => setSchemeTarget(null)} onSaved={schemes.refresh} />}
    </ItemDrawer>
  );
}
