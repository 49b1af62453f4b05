// The designer's model (issue 27): every palette widget inserted is a well-formed JNPF widget
// (the demo definitions in fixtures/models are the expected shape), and insert, move, copy,
// delete, update, clear, undo and redo edit the formData as JNPF's designer does.
import fs from 'fs';
import path from 'path';
import * as core from '@qiming/core';
import { readFormData, type Field, type FormDefinition } from '@/engine/definition';
import { allWidgets, clear, copy, createState, findWidget, insert, move, parentOf, redo, remove, replace, select, undo, update, updateForm, widgetAt, addPart, removePart, type DesignerState } from './model';
import { GROUPS, PALETTE, PART_KEYS, allowedInTable, blankForm } from './palette';

const root = path.join(__dirname, '../../..');
const demo = (name: string) => readFormData(JSON.parse(fs.readFileSync(path.join(root, 'fixtures/models', name), 'utf8')).formData) as FormDefinition;
const demos = ['jnpf-drug-receipt.json', 'jnpf-feedback-form.json', 'jnpf-purchase-tables.json'].map(demo);
const NOW = 1_700_000_000_000;

/** One widget of each kind the demos hold (the first met). */
const expected = new Map<string, Field>();
for (const form of demos) for (const f of allWidgets(form.fields)) if (!expected.has(f.__config__.jnpfKey)) expected.set(f.__config__.jnpfKey, f);

// What an author sets on a demo widget, not what a new widget starts with.
const AUTHORED = new Set(['label', 'required', 'defaultValue', 'defaultCurrent', 'formId', 'renderKey', 'children', 'componentName', 'tableName', 'dataType', 'dictionaryType', 'isStorage', 'active', 'isSubTable', 'parentVModel', 'relationTable', 'rule', 'ruleName', 'showLabel']);
const STRUCTURAL = ['tag', 'tagIcon', 'layout', 'trigger', 'visibility', 'className', 'regList', 'span', 'noShow', 'dragDisabled', 'layoutTree', 'rowType', 'type', 'showTitle'];

const all = GROUPS.flatMap((g) => PALETTE[g]);

function insertAll(): DesignerState {
  let state = createState();
  for (const key of all) state = insert(state, key, `名称${key}`, null, NOW);
  return state;
}

describe('palette widgets', () => {
  test('the palette offers exactly the widgets the engine renders (its switch and layout), system ones in core order', () => {
    const source = ['widgets.tsx', 'FormRenderer.tsx'].map((f) => fs.readFileSync(path.join(__dirname, '../engine', f), 'utf8')).join('\n');
    const rendered = new Set([...source.matchAll(/case '([A-Za-z]+)'|jnpfKey === '([A-Za-z]+)'/g)].map((m) => m[1] ?? m[2]));
    // containers and the server's fields are rendered by kind (core's lists), not by key
    for (const key of [...core.widgetKinds().layout, ...core.widgetKinds().filledByServer]) rendered.add(key);
    for (const key of PART_KEYS) rendered.delete(key);
    expect(new Set(all)).toEqual(rendered);
    expect(PALETTE.system).toEqual(core.widgetKinds().filledByServer);
  });

  test.each(all)('%s inserted is a well-formed JNPF widget with a unique, core-valid field name', (key) => {
    const state = insert(createState(), key, '标签', null, NOW);
    const widget = state.form.fields[0];
    const c = widget.__config__;
    expect(c.jnpfKey).toBe(key);
    expect(c.formId).toBe(101);
    expect(c.renderKey).toBe(NOW + 101);
    expect(state.form.idGlobal).toBeGreaterThanOrEqual(101);
    expect(state.selected).toBe(101);
    const model = expected.get(key);
    if (model) {
      for (const k of Object.keys(model.__config__)) if (!AUTHORED.has(k)) expect([k, k in c]).toEqual([k, true]);
      for (const k of STRUCTURAL) if (k in model.__config__) expect([k, c[k]]).toEqual([k, model.__config__[k]]);
      const own = Object.keys(model).filter((k) => k !== '__config__' && k !== '__vModel__');
      for (const k of own) expect([k, k in widget]).toEqual([k, true]);
      expect('__vModel__' in widget).toBe('__vModel__' in model);
    }
    // Round trip through JSON (the stored definition) changes nothing.
    expect(JSON.parse(JSON.stringify(state.form))).toEqual(state.form);
    // The release check has nothing to say about the field name the designer made.
    const base = { fullName: 'x', enCode: 'x', type: 1, webType: 2, formData: JSON.stringify(state.form) };
    const names = core.checkDefinition(base as never).problems.filter((p) => /Name|duplicate/i.test(p.key ?? ''));
    expect(names).toEqual([]);
  });

  test('every palette widget at once: names unique, ids counted up from idGlobal', () => {
    const state = insertAll();
    const widgets = allWidgets(state.form.fields);
    const names = widgets.map((f) => f.__vModel__).filter(Boolean);
    expect(new Set(names).size).toBe(names.length);
    const ids = widgets.map((f) => f.__config__.formId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(state.form.idGlobal).toBe(Math.max(...(ids as number[])));
    for (const name of names) expect(core.checkRule('fieldName', String(name))).toBeNull();
  });

  test('containers come with their parts: tab two tabItems, collapse one collapseItem, tableGrid rows of cells', () => {
    const state = insertAll();
    const of = (key: string) => state.form.fields.find((f) => f.__config__.jnpfKey === key)!;
    expect(of('tab').__config__.children!.map((f) => f.__config__.jnpfKey)).toEqual(['tabItem', 'tabItem']);
    expect(of('collapse').__config__.children!.map((f) => [f.__config__.jnpfKey, f.name])).toEqual([['collapseItem', '1']]);
    expect(of('tableGrid').__config__.children![0].__config__.children!.map((f) => f.__config__.jnpfKey)).toEqual(['tableGridTd', 'tableGridTd']);
    expect(of('row').__config__.componentName).toBe(`row${of('row').__config__.formId}`);
  });

  test('a new blank form has the demo definitions’ form settings', () => {
    const settings = Object.keys(demos[0]).filter((k) => k !== 'fields' && k !== 'funcs');
    expect(Object.keys(blankForm()).filter((k) => k !== 'fields').sort()).toEqual(settings.sort());
  });
});

describe('editing', () => {
  const base = () => {
    let s = createState();
    s = insert(s, 'row', '', null, NOW); // 101
    s = insert(s, 'comInput', '姓名', null, NOW); // 102
    s = insert(s, 'table', '明细', null, NOW); // 103
    return s;
  };

  test('insert into a row, into a sub-table (marked as its column), and not a container into a sub-table', () => {
    let s = base();
    s = insert(s, 'numInput', '数量', { parent: 101, index: 0 }, NOW);
    expect(parentOf(s.form, 104)?.__config__.formId).toBe(101);
    s = insert(s, 'calculate', '金额', { parent: 103, index: 0 }, NOW);
    const column = findWidget(s.form, 105)!;
    expect(column.__config__).toMatchObject({ isSubTable: true, parentVModel: 'tableField103', relationTable: '' });
    expect(insert(s, 'row', '', { parent: 103, index: 0 }, NOW)).toBe(s);
    expect(insert(s, 'createUser', '', { parent: 103, index: 0 }, NOW)).toBe(s);
    expect(allowedInTable('numInput')).toBe(true);
    // widgets go into a tab's panes, not the tab itself
    s = insert(s, 'tab', '', null, NOW);
    const tab = s.form.fields[s.form.fields.length - 1];
    expect(insert(s, 'comInput', '', { parent: tab.__config__.formId!, index: 0 }, NOW)).toBe(s);
    const pane = tab.__config__.children![1].__config__.formId!;
    s = insert(s, 'comInput', '备注', { parent: pane, index: 0 }, NOW);
    expect(parentOf(s.form, s.selected!)?.__config__.jnpfKey).toBe('tabItem');
  });

  test('move: reorder, into a container and out of a sub-table; never into itself', () => {
    let s = base();
    s = move(s, 103, { parent: null, index: 0 });
    expect(s.form.fields.map((f) => f.__config__.formId)).toEqual([103, 101, 102]);
    s = move(s, 102, { parent: 103, index: 0 });
    expect(findWidget(s.form, 102)!.__config__.parentVModel).toBe('tableField103');
    s = move(s, 102, { parent: 101, index: 0 });
    expect(findWidget(s.form, 102)!.__config__).not.toHaveProperty('isSubTable');
    expect(parentOf(s.form, 102)!.__config__.formId).toBe(101);
    expect(move(s, 101, { parent: 101, index: 0 })).toBe(s);
    const same = move(s, 103, { parent: null, index: 0 });
    expect(same).toBe(s);
    // moving down within one list counts the place after the widget left it
    s = move(s, 103, { parent: null, index: 2 });
    expect(s.form.fields.map((f) => f.__config__.formId)).toEqual([101, 103]);
  });

  test('copy: after the original, new ids and names for it and what it holds', () => {
    let s = base();
    s = insert(s, 'comInput', '内', { parent: 101, index: 0 }, NOW); // 104
    s = copy(s, 101, NOW);
    expect(s.form.fields.map((f) => f.__config__.jnpfKey)).toEqual(['row', 'row', 'comInput', 'table']);
    const copied = s.form.fields[1];
    expect(copied.__config__.formId).toBe(105);
    expect(copied.__config__.componentName).toBe('row105');
    expect(copied.__config__.children![0]).toMatchObject({ __vModel__: 'comInputField106', __config__: { label: '内', formId: 106 } });
    expect(s.selected).toBe(105);
  });

  test('delete selects the neighbour; select; update a property path; form properties', () => {
    let s = base();
    s = remove(s, 102);
    expect(s.form.fields.map((f) => f.__config__.formId)).toEqual([101, 103]);
    expect(s.selected).toBe(103);
    s = select(s, 101);
    expect(s.selected).toBe(101);
    s = update(s, 103, ['__config__', 'label'], '费用明细');
    s = update(s, 103, ['__config__', 'regList'], [{ pattern: '/^1/', message: 'm' }]);
    expect(findWidget(s.form, 103)!.__config__).toMatchObject({ label: '费用明细', regList: [{ pattern: '/^1/', message: 'm' }] });
    s = updateForm(s, ['labelWidth'], 120);
    expect(s.form.labelWidth).toBe(120);
    expect(updateForm(s, ['fields'], [])).toBe(s);
  });

  test('a renamed sub-table: its columns follow', () => {
    let s = base();
    s = insert(s, 'numInput', '', { parent: 103, index: 0 }, NOW);
    s = update(s, 103, ['__vModel__'], 'detail');
    expect(findWidget(s.form, 104)!.__config__.parentVModel).toBe('detail');
  });

  test('undo and redo walk the history; a new change drops what could be redone; clear and replace undo', () => {
    let s = base();
    const before = s.form;
    s = remove(s, 102);
    s = undo(s);
    expect(s.form).toEqual(before);
    s = redo(s);
    expect(s.form.fields).toHaveLength(2);
    s = undo(s);
    s = update(s, 101, ['span'], 12);
    expect(redo(s)).toBe(s);
    s = clear(s);
    expect(s.form.fields).toEqual([]);
    expect(s.form.labelWidth).toBe(100);
    s = undo(s);
    expect(s.form.fields).toHaveLength(3);
    s = replace(s, demos[1]);
    expect(s.form).toEqual(demos[1]);
    expect(undo(s).form.fields).toHaveLength(3);
    expect(undo(createState())).toEqual(createState());
  });

  test('editing a demo definition keeps its widgets as they were; names never collide with the demo’s', () => {
    let s = createState(demos[0]);
    s = insert(s, 'comInput', 'x', null, NOW);
    expect(s.form.fields.slice(0, -1)).toEqual(demos[0].fields);
    expect(s.form.fields.at(-1)!.__config__.formId).toBe(121);
    const names = allWidgets(s.form.fields).map((f) => f.__vModel__).filter(Boolean);
    expect(new Set(names).size).toBe(names.length);
  });
});

test('a problem of core’s check names its widget by its pointer (the innermost on the path)', () => {
  let s = createState();
  s = insert(s, 'row', '', null, NOW); // 101
  s = insert(s, 'comInput', '', { parent: 101, index: 0 }, NOW); // 102
  s = update(s, 102, ['__vModel__'], '1bad');
  s = update(s, 102, ['__config__', 'regList'], [{ pattern: '/(/', message: 'x' }]);
  const base = { fullName: 'x', enCode: 'x', type: 1, webType: 2, formData: JSON.stringify(s.form) };
  const problems = core.checkDefinition(base as never).problems.filter((p) => p.path.startsWith('/formData/'));
  expect(problems.map((p) => p.key)).toEqual(['model.fieldName', 'pattern.invalid']);
  for (const p of problems) expect(widgetAt(s.form, p.path)?.__config__.formId).toBe(102);
  expect(widgetAt(s.form, '/formData/fields/0')?.__config__.formId).toBe(101);
  expect(widgetAt(s.form, '/formData/labelWidth')).toBeNull();
  expect(widgetAt(s.form, '/columnData/columnList/0')).toBeNull();
  expect(widgetAt(s.form, '/formData/fields/9')).toBeNull();
});

test('a tab gains and loses panes (never its last); a collapse gains panels', () => {
  let s = insert(createState(), 'tab', '', null, NOW); // 101 with panes 102, 103
  s = addPart(s, 101, 'Tab 3', NOW);
  const panes = () => findWidget(s.form, 101)!.__config__.children!;
  expect(panes().map((p) => [p.__config__.jnpfKey, p.title, p.name, p.__config__.formId])).toEqual([
    ['tabItem', 'Tab 1', '1', 102],
    ['tabItem', 'Tab 2', '2', 103],
    ['tabItem', 'Tab 3', '3', 104],
  ]);
  s = removePart(s, 102);
  s = removePart(s, 103);
  expect(removePart(s, 104)).toBe(s);
  expect(panes().map((p) => p.name)).toEqual(['3']);
  s = insert(s, 'collapse', '', null, NOW);
  const collapse = s.selected!;
  s = addPart(s, collapse, '面板2', NOW);
  expect(findWidget(s.form, collapse)!.__config__.children!.map((p) => p.name)).toEqual(['1', '2']);
  expect(addPart(s, 104, 'x', NOW)).toBe(s);
});
