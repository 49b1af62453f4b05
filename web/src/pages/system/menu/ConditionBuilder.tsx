/**
 * The condition builder of a data-permission scheme (jnpf-wire-areas.md §1.8): groups, each
 * with its logic (and / or: all or any of its conditions), 添加条件 and 删除分组; each condition
 * a data-authorize field of the menu, one of that field's symbols and the value — typed for a
 * field whose content is 任意文本, the field's variable (当前用户, 当前组织, …) otherwise, none
 * for 为空 and 不为空 (the core's `schemeOps`) —; 添加分组 below. The messages shown beside each
 * control are the rules core's (`checkSchemeCondition`), by where they are.
 */
import { Button, Input, Select, Space } from 'antd';
import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldMessages } from '@qiming/core';
import type { AuthorizeFieldInfo } from '@/api/menu';
import { useCore } from '@/hooks/useCore';
import { coreText } from '@/i18n';
import { chooseField, emptyCondition, emptyGroup, isVariable, type Condition, type ConditionGroup } from './scheme';

/** A condition content's translation key (`menuAdmin.conditionTexts.*`). */
export const CONDITION_TEXTS: [string, string][] = [
  ['text', 'text'],
  ['@userId', 'userId'],
  ['@userAraSubordinates', 'userAraSubordinates'],
  ['@organizeId', 'organizeId'],
  ['@organizationAndSuborganization', 'organizationAndSuborganization'],
  ['@branchManageOrganize', 'branchManageOrganize'],
  ['@branchManageOrganizeAndSub', 'branchManageOrganizeAndSub'],
];

/** The name of a condition content ('text' or a variable), or the value itself. */
export function useContentName(): (value: string) => string {
  const { t } = useTranslation();
  return (value) => {
    const found = CONDITION_TEXTS.find(([v]) => v === value);
    return found ? t(`menuAdmin.conditionTexts.${found[1]}`) : value;
  };
}

function Problem({ messages }: { messages?: { key: string; text: string }[] }) {
  if (!messages?.length) return null;
  return (
    <div className="qm-condition-problem" role="alert">
      {coreText(messages[0] as never)}
    </div>
  );
}

interface Props {
  id?: string;
  value?: ConditionGroup[];
  onChange?(value: ConditionGroup[]): void;
  /** The menu's data-authorize fields. */
  fields: AuthorizeFieldInfo[];
  /** The core's messages of the condition, by where they are. */
  problems: FieldMessages;
}

export function ConditionBuilder({ id, value = [], onChange, fields, problems }: Props) {
  const { t } = useTranslation();
  const core = useCore();
  const ops = core?.schemeOps() ?? [];
  const contentName = useContentName();
  const at = (g: number, c?: number, name?: string) => `conditionJson[${g}]${c === undefined ? '' : `.groups[${c}]`}${name ? `.${name}` : ''}`;

  const change = (next: ConditionGroup[]) => onChange?.(next);
  const setGroup = (g: number, group: ConditionGroup) => change(value.map((old, i) => (i === g ? group : old)));
  const setCondition = (g: number, c: number, condition: Condition) =>
    setGroup(g, { ...value[g], groups: value[g].groups.map((old, i) => (i === c ? condition : old)) });

  return (
    <div className="qm-condition-builder" id={id}>
      <Problem messages={problems.conditionJson} />
      {value.map((group, g) => (
        <div key={g} className="qm-condition-group" aria-label={t('menuAdmin.groupN', { n: g + 1 })} role="group">
          <Space wrap className="qm-condition-group-head">
            <Select
              aria-label={t('menuAdmin.groupLogic', { n: g + 1 })}
              value={group.logic}
              style={{ width: 150 }}
              onChange={(logic) => setGroup(g, { ...group, logic })}
              options={[
                { value: 'and', label: t('menuAdmin.logicAnd') },
                { value: 'or', label: t('menuAdmin.logicOr') },
              ]}
            />
            <Button icon={<PlusOutlined />} onClick={() => setGroup(g, { ...group, groups: [...group.groups, emptyCondition()] })}>
              {t('menuAdmin.addCondition')}
            </Button>
            <Button icon={<DeleteOutlined />} onClick={() => change(value.filter((_, i) => i !== g))}>
              {t('menuAdmin.removeGroup')}
            </Button>
          </Space>
          <Problem messages={problems[at(g, undefined, 'logic')]} />
          <Problem messages={problems[at(g, undefined, 'groups')]} />
          {group.groups.map((condition, c) => {
            const field = fields.find((f) => f.id === condition.id);
            const symbols = (field?.conditionSymbol ?? '').split(',').map((s) => s.trim()).filter(Boolean);
            const needsValue = ops.find((o) => o.op === condition.op)?.needsValue ?? true;
            const variable = isVariable(field?.conditionText);
            const n = c + 1;
            return (
              <div key={c} className="qm-condition-row">
                <div className="qm-condition-cell">
                  <Select
                    aria-label={t('menuAdmin.conditionField', { g: g + 1, n })}
                    value={condition.id || undefined}
                    placeholder={t('menuAdmin.chooseField')}
                    allowClear
                    status={problems[at(g, c, 'field')] ? 'error' : undefined}
                    options={fields.map((f) => ({ value: f.id, label: f.fullName }))}
                    onChange={(id?: string) => setCondition(g, c, chooseField(condition, fields.find((f) => f.id === id)))}
                  />
                  <Problem messages={problems[at(g, c, 'field')]} />
                </div>
                <div className="qm-condition-cell">
                  <Select
                    aria-label={t('menuAdmin.conditionOp', { g: g + 1, n })}
                    value={condition.op || undefined}
                    placeholder={t('menuAdmin.chooseOp')}
                    allowClear
                    status={problems[at(g, c, 'op')] ? 'error' : undefined}
                    // The symbols of the chosen field, in the core's order.
                    options={ops.filter((o) => symbols.includes(o.op)).map((o) => ({ value: o.op, label: t(`menuAdmin.ops.${o.op}`) }))}
                    onChange={(op?: string) => {
                      const compares = ops.find((o) => o.op === op)?.needsValue ?? true;
                      setCondition(g, c, { ...condition, op: op ?? '', value: compares ? (variable ? field!.conditionText : condition.value) : '' });
                    }}
                  />
                  <Problem messages={problems[at(g, c, 'op')]} />
                </div>
                <div className="qm-condition-cell qm-condition-value">
                  {variable ? (
                    <Input aria-label={t('menuAdmin.conditionValue', { g: g + 1, n })} value={needsValue ? contentName(condition.value) : ''} readOnly disabled={!needsValue} />
                  ) : (
                    <Input
                      aria-label={t('menuAdmin.conditionValue', { g: g + 1, n })}
                      value={condition.value}
                      disabled={!needsValue}
                      placeholder={t('menuAdmin.valuePlaceholder')}
                      status={problems[at(g, c, 'value')] ? 'error' : undefined}
                      onChange={(e) => setCondition(g, c, { ...condition, value: e.target.value })}
                    />
                  )}
                  <Problem messages={problems[at(g, c, 'value')]} />
                </div>
                <Button
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('menuAdmin.removeCondition', { g: g + 1, n })}
                  onClick={() => setGroup(g, { ...group, groups: group.groups.filter((_, i) => i !== c) })}
                />
              </div>
            );
          })}
        </div>
      ))}
      <Button type="dashed" block icon={<PlusOutlined />} onClick={() => change([...value, emptyGroup()])}>
        {t('menuAdmin.addGroup')}
      </Button>
    </div>
  );
}
