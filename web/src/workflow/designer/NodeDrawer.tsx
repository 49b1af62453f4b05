/**
 * A node's properties (jnpf-wire-engine2.md §7.12), in the drawer a click on its card opens:
 * - 流程发起: the form the flow fills (a released model: its formData travels in the start
 *   node's `formPropertyJson`, its fields in `formFieldList`), who may launch, the buttons,
 *   copy-to and the field permissions;
 * - 审批人: who approves (指定成员 / 发起者本人 / 发起者主管 with its level / 部门主管 with its level /
 *   表单变量 / 候选人员, and the range rule), how (或签, 会签 with its ratio, 依次审批), where a
 *   rejection goes, the buttons with their texts, copy-to and the field permissions;
 * - 抄送人: who gets a copy, and what they may read;
 * - a condition branch: its items (field, one of the eight symbols, a value or another field,
 *   并且/或者) with a preview that runs a sample record through core's `flowConditionHolds` — the
 *   very rule the server routes by.
 * 确定 writes the properties back with the card's text; 取消 leaves the node as it was.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Form, Input, InputNumber, Radio, Select, Space, Switch, Table, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getConfig } from '@/api/onlineDev';
import { flowConditionHolds } from '@/core';
import { useCore } from '@/hooks/useCore';
import { useReleasedModels } from '@/hooks/useReleasedModels';
import { readFormData, valueFields } from '@/engine/definition';
import { zoneOffset } from '@/utils/clock';
import { DepSelect } from '@/widgets/pickers/DepSelect';
import { GroupSelect } from '@/widgets/pickers/GroupSelect';
import { PosSelect } from '@/widgets/pickers/PosSelect';
import { RoleSelect } from '@/widgets/pickers/RoleSelect';
import { UserSelect } from '@/widgets/pickers/UserSelect';
import { allNodes, operatesFor, type ConditionItem, type FlowNode, type FormField, type FormOperate, type Properties } from './model';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** assigneeType codes offered (jnpf-wire-engine2.md §7.12), in JNPF's order. */
export const ASSIGNEE_TYPES = [6, 3, 1, 2, 4, 7] as const;
export const EXTRA_RULES = [1, 6, 2, 3, 4, 5] as const;
/** The label keys of the eight symbols; which symbols there are, and their order, is core's (flowSymbols). */
const SYMBOL_KEYS: Record<string, string> = { '==': 'eq', '<>': 'ne', '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le', like: 'like', notLike: 'notLike' };

export const symbolName = (t: Translate, symbol: string) => (SYMBOL_KEYS[symbol] ? t(`flowDesign.symbols.${SYMBOL_KEYS[symbol]}`) : symbol);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** The text a card shows for its properties. */
export function contentOf(type: string, p: Properties, t: Translate): string {
  if (type === 'start') return list(p.initiator).length ? t('flowDesign.someInitiators') : t('flowDesign.everyone');
  if (type === 'approver') {
    const kind = Number(p.assigneeType ?? 6);
    const name = t(`flowDesign.assignee.${kind}`);
    if (kind === 1) return `${name}（${t('flowDesign.level', { n: p.managerLevel ?? 1 })}）`;
    if (kind === 2) return `${name}（${t('flowDesign.level', { n: p.departmentLevel ?? 1 })}）`;
    if (kind === 6) {
      const n = ['approvers', 'approverPos', 'approverRole', 'approverOrg', 'approverGroup'].reduce((s, k) => s + list(p[k]).length, 0);
      return n ? `${name}（${n}）` : '';
    }
    return name;
  }
  if (type === 'copy') {
    const n = ['circulateUser', 'circulateRole', 'circulatePosition', 'circulateOrg', 'circulateGroup'].reduce((s, k) => s + list(p[k]).length, 0);
    return n || p.isInitiatorCopy ? t('flowDesign.copyCount', { n: n + (p.isInitiatorCopy ? 1 : 0) }) : '';
  }
  if (type === 'condition') {
    if (p.isDefault === true) return t('flowDesign.defaultContent');
    const items = Array.isArray(p.conditions) ? (p.conditions as ConditionItem[]) : [];
    return items
      .map((c, i) => `${c.fieldName || c.field} ${symbolName(t, c.symbol)} ${c.fieldValueType === 1 ? c.fieldLabel || String(c.fieldValue ?? '') : String(c.fieldValue ?? '')}${i < items.length - 1 ? ` ${c.logic === '||' ? t('flowDesign.or') : t('flowDesign.and')}` : ''}`)
      .join(' ');
  }
  return '';
}

interface Props {
  tree: FlowNode;
  node: FlowNode | null;
  /** The attached form's fields (the start node's formFieldList). */
  fields: FormField[];
  onClose(): void;
  onSave(nodeId: string, properties: Properties, content: string): void;
}

export function NodeDrawer({ tree, node, fields, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [p, setP] = useState<Properties>({});
  useEffect(() => setP(node ? { ...node.properties } : {}), [node]);
  const set = (patch: Properties) => setP((old) => ({ ...old, ...patch }));
  if (!node) return null;
  const ok = () => {
    if (node.type === 'condition' && p.isDefault !== true) {
      const items = (p.conditions as ConditionItem[] | undefined) ?? [];
      if (items.some((c) => !c.field)) return void message.error(t('flowDesign.fieldRequired'));
      if (items.some((c) => !c.symbol)) return void message.error(t('flowDesign.symbolRequired'));
    }
    // A node given the form's fields keeps their permissions as shown, changed or not.
    const kept = fields.length && (node.type === 'approver' || node.type === 'copy') ? { ...p, formOperates: operatesFor(fields, p.formOperates, false) } : p;
    onSave(node.nodeId, kept, contentOf(node.type, kept, t));
  };
  const title = t(`flowDesign.drawer.${node.type}`, { defaultValue: String(node.properties.title ?? '') });
  return (
    <Drawer
      open
      title={title}
      size={node.type === 'condition' ? 640 : 560}
      className="qm-flow-drawer"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={ok}>
            {t('common.confirm')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('flowDesign.nodeName')} htmlFor="qm-flow-title">
          <Input id="qm-flow-title" maxLength={50} value={String(p.title ?? '')} onChange={(e) => set({ title: e.target.value })} />
        </Form.Item>
        {node.type === 'start' && <StartProps p={p} set={set} />}
        {node.type === 'approver' && <ApproverProps p={p} set={set} fields={fields} tree={tree} node={node} />}
        {node.type === 'copy' && <CopyTo p={p} set={set} initiator />}
        {node.type === 'condition' && <ConditionProps p={p} set={set} fields={fields} />}
        {node.type !== 'condition' && node.type !== 'start' && fields.length > 0 && (
          <Operates value={operatesFor(fields, p.formOperates, false)} onChange={(formOperates) => set({ formOperates })} readOnly={node.type === 'copy'} />
        )}
        {node.type === 'start' && list(p.formFieldList).length > 0 && (
          <Operates value={operatesFor(p.formFieldList as unknown as FormField[], p.formOperates, true)} onChange={(formOperates) => set({ formOperates })} />
        )}
      </Form>
    </Drawer>
  );
}

type Setter = (patch: Properties) => void;

const APPROVER_PICKERS = [
  ['approvers', 'user'],
  ['approverPos', 'position'],
  ['approverRole', 'role'],
  ['approverOrg', 'org'],
  ['approverGroup', 'group'],
] as const;
const CIRCULATE_KEYS = [
  ['circulateUser', 'user'],
  ['circulatePosition', 'position'],
  ['circulateRole', 'role'],
  ['circulateOrg', 'org'],
  ['circulateGroup', 'group'],
] as const;

/** Pickers of users, positions, roles, organisations and groups, each into its property. */
function People({ p, set, keys, label }: { p: Properties; set: Setter; keys: readonly (readonly [string, string])[]; label: string }) {
  const { t } = useTranslation();
  const picker = (key: string, kind: string) => {
    const props = { multiple: true, value: list(p[key]), onChange: (v: string | string[]) => set({ [key]: Array.isArray(v) ? v : v ? [v] : [] }), id: `qm-flow-${key}` };
    switch (kind) {
      case 'user':
        return <UserSelect {...props} />;
      case 'position':
        return <PosSelect {...props} />;
      case 'role':
        return <RoleSelect {...props} />;
      case 'org':
        return <DepSelect {...props} />;
      default:
        return <GroupSelect {...props} />;
    }
  };
  return (
    <fieldset className="qm-flow-people">
      <legend>{label}</legend>
      {keys.map(([key, kind]) => (
        <Form.Item key={key} label={t(`flowDesign.people.${kind}`)} htmlFor={`qm-flow-${key}`}>
          {picker(key, kind)}
        </Form.Item>
      ))}
    </fieldset>
  );
}

/** The buttons a node's page offers: JNPF's property stems (hasAuditBtn / auditBtnText …). */
const START_BUTTONS = ['Submit', 'Save', 'Press', 'Revoke', 'Print'];
const APPROVER_BUTTONS = ['Audit', 'Reject', 'Revoke', 'Transfer', 'Save', 'FreeApprover', 'Print'];

/** 按钮配置: a switch per button with its text. */
function Buttons({ p, set, names }: { p: Properties; set: Setter; names: string[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('flowDesign.buttons')}>
      {names.map((name) => {
        const stem = `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
        const has = `has${name}Btn`;
        const text = `${stem}BtnText`;
        const label = t(`flowDesign.btn.${stem}`);
        return (
          <Space key={name} className="qm-flow-button-switch" style={{ display: 'flex', marginBottom: 8 }}>
            <Switch aria-label={label} checked={p[has] === true} onChange={(v) => set({ [has]: v })} />
            <span style={{ width: 64, display: 'inline-block' }}>{label}</span>
            <Input aria-label={t('flowDesign.buttonText', { label })} style={{ width: 160 }} value={String(p[text] ?? '')} disabled={p[has] !== true} onChange={(e) => set({ [text]: e.target.value })} />
          </Space>
        );
      })}
    </Section>
  );
}

/** 抄送人员 (circulate*), and for approver and copy nodes 抄送给流程发起人. */
function CopyTo({ p, set, initiator }: { p: Properties; set: Setter; initiator?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <People p={p} set={set} keys={CIRCULATE_KEYS} label={t('flowDesign.copyTo')} />
      {initiator && (
        <Form.Item>
          <Checkbox checked={p.isInitiatorCopy === true} onChange={(e) => set({ isInitiatorCopy: e.target.checked })}>
            {t('flowDesign.initiatorCopy')}
          </Checkbox>
        </Form.Item>
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="qm-flow-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** The form's value fields as nodes name them. */
export function formFields(formData: unknown): FormField[] {
  const form = readFormData(formData);
  if (!form) return [];
  return valueFields(form)
    .filter((f) => f.__config__.jnpfKey !== 'table')
    .map((f) => ({ id: String(f.__vModel__), label: String(f.__config__.label ?? f.__vModel__), jnpfKey: f.__config__.jnpfKey, required: f.__config__.required === true }));
}

function StartProps({ p, set }: { p: Properties; set: Setter }) {
  const { t } = useTranslation();
  const models = useReleasedModels();
  const chooseForm = async (id?: string) => {
    if (!id) return set({ formId: '', formName: '', formPropertyJson: '', formFieldList: [], formOperates: [] });
    const { data } = await getConfig(id);
    const fields = formFields(data.formData);
    set({ formId: id, formName: data.fullName, formPropertyJson: data.formData, formFieldList: fields, formOperates: operatesFor(fields, [], true) });
  };
  return (
    <>
      <Form.Item label={t('flowDesign.form')} htmlFor="qm-flow-form" extra={t('flowDesign.formHint')}>
        <TreeSelect
          id="qm-flow-form"
          allowClear
          treeData={models}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          placeholder={t('picker.placeholder')}
          value={p.formId ? String(p.formId) : undefined}
          onChange={(v?: string) => void chooseForm(v).catch(() => undefined)}
        />
      </Form.Item>
      <Form.Item label={t('flowDesign.initiator')} htmlFor="qm-flow-initiator" extra={t('flowDesign.initiatorHint')}>
        <UserSelect id="qm-flow-initiator" multiple value={list(p.initiator)} onChange={(v) => set({ initiator: Array.isArray(v) ? v : [v] })} />
      </Form.Item>
      <Buttons p={p} set={set} names={START_BUTTONS} />
      <Opinions p={p} set={set} />
      <CopyTo p={p} set={set} />
    </>
  );
}

function Opinions({ p, set }: { p: Properties; set: Setter }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Checkbox checked={p.hasOpinion !== false} onChange={(e) => set({ hasOpinion: e.target.checked })}>
        {t('flowDesign.hasOpinion')}
      </Checkbox>
      <Checkbox checked={p.hasSign === true} onChange={(e) => set({ hasSign: e.target.checked })}>
        {t('flowDesign.hasSign')}
      </Checkbox>
    </Form.Item>
  );
}

const LEVELS = Array.from({ length: 10 }, (_, i) => i + 1);

function ApproverProps({ p, set, fields, tree, node }: { p: Properties; set: Setter; fields: FormField[]; tree: FlowNode; node: FlowNode }) {
  const { t } = useTranslation();
  const kind = Number(p.assigneeType ?? 6);
  const counterSign = Number(p.counterSign ?? 0);
  const others = useMemo(() => allNodes(tree).filter((n) => n.type === 'approver' && n.nodeId !== node.nodeId), [tree, node]);
  const levels = (key: string, label: string) => (
    <Form.Item label={label} htmlFor={`qm-flow-${key}`}>
      <Select id={`qm-flow-${key}`} value={Number(p[key] ?? 1)} onChange={(v) => set({ [key]: v })} options={LEVELS.map((n) => ({ value: n, label: t('flowDesign.level', { n }) }))} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item label={t('flowDesign.assigneeType')}>
        <Radio.Group value={kind} onChange={(e) => set({ assigneeType: e.target.value })} options={ASSIGNEE_TYPES.map((v) => ({ value: v, label: t(`flowDesign.assignee.${v}`) }))} />
      </Form.Item>
      {(kind === 6 || kind === 7) && <People p={p} set={set} keys={APPROVER_PICKERS} label={kind === 6 ? t('flowDesign.chooseApprovers') : t('flowDesign.candidateRange')} />}
      {kind === 1 && levels('managerLevel', t('flowDesign.managerLevel'))}
      {kind === 2 && levels('departmentLevel', t('flowDesign.departmentLevel'))}
      {kind === 4 && (
        <>
          <Form.Item label={t('flowDesign.formField')} htmlFor="qm-flow-formField">
            <Select id="qm-flow-formField" value={p.formField ? String(p.formField) : undefined} onChange={(v) => set({ formField: v })} options={fields.map((f) => ({ value: f.id, label: f.label }))} />
          </Form.Item>
          <Form.Item label={t('flowDesign.formFieldType')}>
            <Radio.Group value={Number(p.formFieldType ?? 1)} onChange={(e) => set({ formFieldType: e.target.value })} options={[{ value: 1, label: t('flowDesign.people.user') }, { value: 2, label: t('flowDesign.people.org') }]} />
          </Form.Item>
        </>
      )}
      {kind !== 3 && (
        <Form.Item label={t('flowDesign.extraRule')} htmlFor="qm-flow-extraRule">
          <Select id="qm-flow-extraRule" value={Number(p.extraRule ?? 1)} onChange={(v) => set({ extraRule: v })} options={EXTRA_RULES.map((v) => ({ value: v, label: t(`flowDesign.extra.${v}`) }))} />
        </Form.Item>
      )}
      <Form.Item label={t('flowDesign.counterSign')}>
        <Radio.Group value={counterSign} onChange={(e) => set({ counterSign: e.target.value })} options={[0, 1, 2].map((v) => ({ value: v, label: t(`flowDesign.sign.${v}`) }))} />
      </Form.Item>
      {counterSign === 1 && (
        <Form.Item label={t('flowDesign.countersignRatio')} htmlFor="qm-flow-ratio">
          <InputNumber id="qm-flow-ratio" min={1} max={100} suffix="%" value={Number(p.countersignRatio ?? 100)} onChange={(v) => set({ countersignRatio: v ?? 100 })} />
        </Form.Item>
      )}
      <Form.Item label={t('flowDesign.progress')} htmlFor="qm-flow-progress">
        <Select id="qm-flow-progress" value={String(p.progress ?? '50')} onChange={(v) => set({ progress: v })} options={Array.from({ length: 10 }, (_, i) => ({ value: String((i + 1) * 10), label: `${(i + 1) * 10}%` }))} />
      </Form.Item>
      <Form.Item label={t('flowDesign.rejectType')}>
        <Radio.Group value={Number(p.rejectType ?? 1)} onChange={(e) => set({ rejectType: e.target.value })} options={[1, 2].map((v) => ({ value: v, label: t(`flowDesign.reject.${v}`) }))} />
      </Form.Item>
      <Form.Item label={t('flowDesign.rejectStep')} htmlFor="qm-flow-rejectStep">
        <Select
          id="qm-flow-rejectStep"
          value={String(p.rejectStep ?? '0')}
          onChange={(v) => set({ rejectStep: v })}
          options={[
            { value: '0', label: t('flowDesign.rejectTo.start') },
            { value: '1', label: t('flowDesign.rejectTo.previous') },
            ...others.map((n) => ({ value: n.nodeId, label: String(n.properties.title ?? n.nodeId) })),
          ]}
        />
      </Form.Item>
      <Buttons p={p} set={set} names={APPROVER_BUTTONS} />
      <Opinions p={p} set={set} />
      <CopyTo p={p} set={set} initiator />
    </>
  );
}

/** 表单权限: read / write / required per field of the form. */
function Operates({ value, onChange, readOnly }: { value: FormOperate[]; onChange(v: FormOperate[]): void; readOnly?: boolean }) {
  const { t } = useTranslation();
  const flip = (id: string, key: 'read' | 'write' | 'required', on: boolean) =>
    onChange(
      value.map((o) => {
        if (o.id !== id) return o;
        const next = { ...o, [key]: on };
        if (key === 'read' && !on) Object.assign(next, { write: false, required: false });
        if (key === 'write' && !on) next.required = false;
        if ((key === 'write' || key === 'required') && on) next.read = true;
        if (key === 'required' && on) next.write = true;
        return next;
      }),
    );
  const box = (key: 'read' | 'write' | 'required') => (_: unknown, o: FormOperate) => (
    <Checkbox
      aria-label={`${o.name} ${t(`flowDesign.operate.${key}`)}`}
      checked={o[key]}
      disabled={readOnly && key !== 'read'}
      onChange={(e) => flip(o.id, key, e.target.checked)}
    />
  );
  return (
    <Section title={t('flowDesign.formOperates')}>
      <Table<FormOperate>
        className="qm-flow-operates"
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={value}
        columns={[
          { key: 'name', title: t('flowDesign.operate.field'), dataIndex: 'name' },
          { key: 'read', title: t('flowDesign.operate.read'), width: 64, align: 'center', render: box('read') },
          { key: 'write', title: t('flowDesign.operate.write'), width: 64, align: 'center', render: box('write') },
          { key: 'required', title: t('flowDesign.operate.required'), width: 64, align: 'center', render: box('required') },
        ]}
      />
    </Section>
  );
}

function emptyItem(): ConditionItem {
  return { fieldType: 1, field: '', fieldName: '', jnpfKey: '', symbol: '==', symbolName: '', fieldValueType: 2, fieldValue: '', fieldLabel: '', fieldValueJnpfKey: '', logic: '&&', logicName: '' };
}

function ConditionProps({ p, set, fields }: { p: Properties; set: Setter; fields: FormField[] }) {
  const { t } = useTranslation();
  const core = useCore();
  const symbols = useMemo(() => core?.flowSymbols() ?? [], [core]);
  const items = (Array.isArray(p.conditions) ? p.conditions : []) as ConditionItem[];
  const put = (next: ConditionItem[]) => set({ conditions: next });
  const change = (i: number, patch: Partial<ConditionItem>) => put(items.map((c, n) => (n === i ? { ...c, ...patch } : c)));
  if (p.isDefault === true) return <Alert type="info" showIcon title={t('flowDesign.defaultContent')} />;
  const fieldOptions = fields.map((f) => ({ value: f.id, label: f.label }));
  const byId = (id: string) => fields.find((f) => f.id === id);
  return (
    <>
      <div className="qm-flow-conditions" aria-label={t('flowDesign.conditions')}>
        {items.map((c, i) => (
          <div key={i} className="qm-flow-condition-item">
            {fields.length ? (
              <Select
                aria-label={t('flowDesign.conditionField', { n: i + 1 })}
                style={{ width: 140 }}
                placeholder={t('flowDesign.field')}
                value={c.field || undefined}
                options={fieldOptions}
                onChange={(v: string) => {
                  const f = byId(v);
                  change(i, { field: v, fieldName: f?.label ?? v, jnpfKey: f?.jnpfKey ?? '' });
                }}
              />
            ) : (
              // No form attached: the field is named as the record holds it.
              <Input
                aria-label={t('flowDesign.conditionField', { n: i + 1 })}
                style={{ width: 140 }}
                placeholder={t('flowDesign.field')}
                value={c.field}
                onChange={(e) => change(i, { field: e.target.value.trim(), fieldName: e.target.value.trim() })}
              />
            )}
            <Select
              aria-label={t('flowDesign.conditionSymbol', { n: i + 1 })}
              style={{ width: 100 }}
              value={c.symbol || undefined}
              options={symbols.map((s) => ({ value: s, label: symbolName(t, s) }))}
              onChange={(v: string) => change(i, { symbol: v, symbolName: symbolName(t, v) })}
            />
            <Select
              aria-label={t('flowDesign.conditionValueType', { n: i + 1 })}
              style={{ width: 80 }}
              value={Number(c.fieldValueType ?? 2)}
              options={[{ value: 2, label: t('flowDesign.valueType.value') }, { value: 1, label: t('flowDesign.valueType.field') }]}
              onChange={(v: number) => change(i, { fieldValueType: v, fieldValue: '', fieldLabel: '', fieldValueJnpfKey: '' })}
            />
            {Number(c.fieldValueType) === 1 ? (
              <Select
                aria-label={t('flowDesign.conditionValue', { n: i + 1 })}
                style={{ width: 140 }}
                value={c.fieldValue ? String(c.fieldValue) : undefined}
                options={fieldOptions}
                onChange={(v: string) => change(i, { fieldValue: v, fieldLabel: byId(v)?.label ?? v, fieldValueJnpfKey: byId(v)?.jnpfKey ?? '' })}
              />
            ) : (
              <Input aria-label={t('flowDesign.conditionValue', { n: i + 1 })} style={{ width: 140 }} value={String(c.fieldValue ?? '')} onChange={(e) => change(i, { fieldValue: e.target.value })} />
            )}
            {i < items.length - 1 && (
              <Select
                aria-label={t('flowDesign.conditionLogic', { n: i + 1 })}
                style={{ width: 80 }}
                value={c.logic}
                options={[{ value: '&&', label: t('flowDesign.and') }, { value: '||', label: t('flowDesign.or') }]}
                onChange={(v: '&&' | '||') => change(i, { logic: v, logicName: v === '||' ? t('flowDesign.or') : t('flowDesign.and') })}
              />
            )}
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('flowDesign.removeConditionItem', { n: i + 1 })} onClick={() => put(items.filter((_, n) => n !== i))} />
          </div>
        ))}
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => put([...items, { ...emptyItem(), logicName: t('flowDesign.and'), symbolName: symbolName(t, '==') }])}>
          {t('flowDesign.addConditionItem')}
        </Button>
      </div>
      <ConditionPreview items={items} fields={fields} />
    </>
  );
}

/** 条件预览: a sample record's values for the fields the items read; core says whether the condition holds. */
function ConditionPreview({ items, fields }: { items: ConditionItem[]; fields: FormField[] }) {
  const { t } = useTranslation();
  const [sample, setSample] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<boolean | null>(null);
  const used = [...new Set(items.flatMap((c) => [c.field, Number(c.fieldValueType) === 1 ? String(c.fieldValue ?? '') : '']).filter(Boolean))];
  useEffect(() => setAnswer(null), [items, sample]);
  if (!used.length) return null;
  const label = (id: string) => fields.find((f) => f.id === id)?.label ?? id;
  const run = () =>
    flowConditionHolds(items as unknown as Parameters<typeof flowConditionHolds>[0], sample, zoneOffset()).then(setAnswer, () => setAnswer(null));
  return (
    <Section title={t('flowDesign.preview')}>
      {used.map((id) => (
        <Form.Item key={id} label={label(id)} htmlFor={`qm-flow-sample-${id}`} style={{ marginBottom: 8 }}>
          <Input id={`qm-flow-sample-${id}`} aria-label={t('flowDesign.sampleOf', { name: label(id) })} value={sample[id] ?? ''} onChange={(e) => setSample({ ...sample, [id]: e.target.value })} />
        </Form.Item>
      ))}
      <Space>
        <Button onClick={() => void run()}>{t('flowDesign.runPreview')}</Button>
        {answer !== null && <Alert type={answer ? 'success' : 'warning'} showIcon title={answer ? t('flowDesign.holds') : t('flowDesign.notHolds')} />}
      </Space>
    </Section>
  );
}
