// A scheme's condition as the builder holds and sends it: read from the stored JSON text, a
// field chosen (its variable as the value), and the display text 【字段】【符号】【值】.
import { chooseField, conditionText, emptyCondition, readCondition } from './scheme';

const FIELD = { id: 'f1', moduleId: 'm', enCode: 'creatorUserId', fullName: '创建人', type: 'varchar', conditionSymbol: 'Equal', conditionSymbolName: '等于', conditionText: '@userId', bindTable: 't', fieldRule: 1, childTableKey: '', sortCode: 0, enabledMark: 1, description: '' };

test('a stored condition is read back; nothing or bad JSON starts one empty group', () => {
  expect(readCondition('[{"logic":"or","groups":[{"id":"f1","field":"a","op":"Equal","value":3}]}]')).toEqual([
    { logic: 'or', groups: [{ ...emptyCondition(), id: 'f1', field: 'a', op: 'Equal', value: '3' }] },
  ]);
  for (const text of ['', '{x', '{}']) expect(readCondition(text)).toEqual([{ logic: 'and', groups: [emptyCondition()] }]);
  expect(readCondition('[]')).toEqual([]);
});

test('choosing a field takes its code, type, table and rule; a variable becomes the value; the symbol starts again', () => {
  expect(chooseField({ ...emptyCondition(), op: 'NotEqual', value: 'x' }, FIELD)).toEqual({ id: 'f1', field: 'creatorUserId', type: 'varchar', op: '', value: '@userId', bindTable: 't', fieldRule: 1 });
  expect(chooseField(emptyCondition(), { ...FIELD, conditionText: 'text' }).value).toBe('');
  expect(chooseField({ ...emptyCondition(), id: 'f1' }, undefined)).toEqual(emptyCondition());
});

test('the display text: each condition 【字段】【符号】【值】 (no value for a symbol without one), by the group\'s logic; groups by and', () => {
  const names = {
    field: (id: string) => ({ f1: '创建人', f2: '病区' })[id] ?? '',
    op: (op: string) => ({ Equal: '等于', IsNull: '为空' })[op] ?? op,
    value: (v: string) => (v === '@userId' ? '当前用户' : v),
    needsValue: (op: string) => op !== 'IsNull',
  };
  const groups = [
    { logic: 'or' as const, groups: [{ ...emptyCondition(), id: 'f1', op: 'Equal', value: '@userId' }, { ...emptyCondition(), id: 'f2', op: 'IsNull' }] },
    { logic: 'and' as const, groups: [{ ...emptyCondition(), id: 'f2', op: 'Equal', value: '一病区' }] },
  ];
  expect(conditionText(groups, names)).toBe('【创建人】【等于】【当前用户】 or 【病区】【为空】 and 【病区】【等于】【一病区】');
});
