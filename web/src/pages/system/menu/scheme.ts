/**
 * A data-permission scheme's condition as the condition builder holds it and as it is sent
 * (jnpf-wire-areas.md §1.8): `conditionJson` is JSON text of `[{logic, groups: [{id, field,
 * type, op, value, bindTable, fieldRule}]}]` — each condition names a data-authorize field by
 * its id and its code (`field`) —, and `conditionText` the display string the client builds,
 * 【字段】【符号】【值】 per condition, joined by the group's logic, groups by and. Whether a
 * condition is complete is the rules core's (`checkSchemeCondition`), never decided here.
 */
import type { AuthorizeFieldInfo } from '@/api/menu';

export interface Condition {
  /** The data-authorize field's id. */
  id: string;
  /** Its code: what the data scope compares. */
  field: string;
  type: string;
  op: string;
  value: string;
  bindTable: string;
  fieldRule: number;
}

export interface ConditionGroup {
  logic: 'and' | 'or';
  groups: Condition[];
}

export const emptyCondition = (): Condition => ({ id: '', field: '', type: '', op: '', value: '', bindTable: '', fieldRule: 0 });
export const emptyGroup = (): ConditionGroup => ({ logic: 'and', groups: [emptyCondition()] });

/** The condition builder's groups from a scheme's stored JSON text (a new scheme: one empty group). */
export function readCondition(text: string | null | undefined): ConditionGroup[] {
  if (!text) return [emptyGroup()];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [emptyGroup()];
    return parsed.map((g: Partial<ConditionGroup>) => ({
      logic: g?.logic === 'or' ? 'or' : 'and',
      groups: (Array.isArray(g?.groups) ? g.groups : []).map((c: Partial<Condition>) => ({
        ...emptyCondition(),
        ...c,
        value: c?.value === undefined || c?.value === null ? '' : String(c.value),
      })),
    }));
  } catch {
    return [emptyGroup()];
  }
}

/** A condition on `field`: its code, type, table and rule; the value its variable when it has one (@userId, …). */
export function chooseField(condition: Condition, field: AuthorizeFieldInfo | undefined): Condition {
  if (!field) return { ...emptyCondition() };
  return {
    ...condition,
    id: field.id,
    field: field.enCode,
    type: field.type,
    bindTable: field.bindTable,
    fieldRule: field.fieldRule,
    op: '',
    value: isVariable(field.conditionText) ? field.conditionText : '',
  };
}

/** A field's condition content other than 'text' is a variable the server resolves for the caller. */
export const isVariable = (conditionText: string | undefined) => Boolean(conditionText && conditionText.startsWith('@'));

/**
 * The display text of a condition: 【字段说明】【符号】【值】 per condition (a variable by its
 * name, no value for a symbol that compares with none), joined by the group's logic; groups by and.
 */
export function conditionText(
  groups: ConditionGroup[],
  names: { field(id: string): string; op(op: string): string; value(value: string): string; needsValue(op: string): boolean },
): string {
  return groups
    .map((group) =>
      group.groups
        .map((c) => `【${names.field(c.id) || c.field}】【${names.op(c.op)}】${names.needsValue(c.op) ? `【${names.value(c.value)}】` : ''}`)
        .join(` ${group.logic} `),
    )
    .join(' and ');
}
