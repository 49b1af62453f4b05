// The list designer's model (issue 27, 列表设计): the columnData it builds for the JNPF demo
// definitions in fixtures/models equals theirs for every part the designer edits (columns with
// their embedded definitions, search fields, type and its settings, paging, sort, buttons,
// permissions); a stored columnData read and saved again is unchanged; a form without a list
// gets one that core's release check accepts.
import fs from 'fs';
import path from 'path';
import * as core from '@qiming/core';
import { readFormData, type FormDefinition } from '@/engine/definition';
import {
  PERMISSIONS,
  addColumn,
  addSearch,
  blankColumnData,
  candidates,
  defaultColumnData,
  labelButton,
  moveColumn,
  readColumnData,
  refresh,
  removeColumn,
  searchCandidates,
  set,
  setColumn,
  setSearch,
  setType,
  toggleButton,
  typeSettings,
  type ColumnData,
} from './listModel';
import { blankForm } from './palette';
import { allWidgets, createState, insert } from './model';

const root = path.join(__dirname, '../../..');
const load = (name: string) => JSON.parse(fs.readFileSync(path.join(root, 'fixtures/models', name), 'utf8')) as Record<string, unknown>;
const WITH_LISTS = ['jnpf-drug-receipt.json', 'jnpf-purchase-tables.json', 'inpatient-admission.json'];

/** What the list designer edits. */
function edited(cd: ColumnData): Record<string, unknown> {
  const keys = ['type', 'columnList', 'searchList', 'btnsList', 'columnBtnsList', 'defaultSidx', 'sort', 'hasPage', 'pageSize', ...typeSettings(cd.type), ...PERMISSIONS];
  return Object.fromEntries(keys.map((k) => [k, cd[k]]));
}

/** The clicks an administrator makes in the list designer to rebuild `expected`. */
function design(form: FormDefinition, expected: ColumnData): ColumnData {
  let cd = setType(blankColumnData(), expected.type);
  // columns in reverse, then dragged into order
  for (const col of [...expected.columnList].reverse()) {
    cd = addColumn(cd, form, col.prop);
    cd = setColumn(cd, col.prop, { label: col.label, width: col.width, align: col.align, fixed: col.fixed, sortable: col.sortable });
  }
  for (let i = 0; i < expected.columnList.length; i++) cd = moveColumn(cd, expected.columnList.length - 1, i);
  for (const s of expected.searchList) {
    cd = addSearch(cd, form, s.prop);
    cd = setSearch(cd, s.prop, { label: s.label, searchType: s.searchType, searchMultiple: s.searchMultiple });
  }
  for (const key of ['defaultSidx', 'sort', 'hasPage', 'pageSize', ...typeSettings(expected.type), ...PERMISSIONS]) cd = set(cd, key, expected[key]);
  for (const list of ['btnsList', 'columnBtnsList'] as const) {
    for (const b of cd[list]) if (!expected[list].some((x) => x.value === b.value)) cd = toggleButton(cd, list, b.value, false);
    for (const b of expected[list]) {
      cd = toggleButton(cd, list, b.value, true);
      cd = labelButton(cd, list, b.value, b.label);
    }
  }
  return cd;
}

describe.each(WITH_LISTS)('the list designer and %s', (name) => {
  const model = load(name);
  const form = readFormData(model.formData) as FormDefinition;
  const expected = readColumnData(model.columnData) as ColumnData;

  it('designs the same columnData as the demo for the parts it edits', () => {
    expect(expected.columnList.length).toBeGreaterThan(0);
    expect(edited(design(form, expected))).toEqual(edited(expected));
  });

  it('reads the stored columnData and saves it unchanged (every key)', () => {
    const stored = typeof model.columnData === 'string' ? JSON.parse(model.columnData) : model.columnData;
    expect(refresh(readColumnData(model.columnData) as ColumnData, form)).toEqual(stored);
  });

  it('offers every column and search field the demo uses', () => {
    const props = new Set(candidates(form).map((c) => c.prop));
    for (const c of expected.columnList) expect(props).toContain(c.prop);
    const searchable = new Set(searchCandidates(form).map((c) => c.prop));
    for (const s of expected.searchList) expect(searchable).toContain(s.prop);
  });
});

describe('list edits', () => {
  const model = load('jnpf-drug-receipt.json');
  const form = readFormData(model.formData) as FormDefinition;

  it('a column embeds its field and the sub-table column is table-column with 表-列 as label', () => {
    const cd = addColumn(blankColumnData(), form, 'tableField108-numInputField109');
    expect(cd.columnList[0]).toMatchObject({ prop: 'tableField108-numInputField109', __vModel__: 'tableField108-numInputField109', label: '入库明细-数量', jnpfKey: 'numInput', fixed: 'none', align: 'left', sortable: false, width: null });
    expect(cd.columnList[0].__config__.parentVModel).toBe('tableField108');
  });

  it('search types follow the widget: fuzzy text, range dates, equal otherwise; only text may change it', () => {
    let cd = blankColumnData();
    for (const p of ['comInputField101', 'dateField105', 'selectField103']) cd = addSearch(cd, form, p);
    expect(cd.searchList.map((s) => [s.prop, s.searchType, s.searchMultiple])).toEqual([
      ['comInputField101', 2, false],
      ['dateField105', 3, false],
      ['selectField103', 1, true],
    ]);
    cd = setSearch(cd, 'comInputField101', { searchType: 1 });
    cd = setSearch(cd, 'dateField105', { searchType: 1, searchMultiple: true });
    expect(cd.searchList.map((s) => [s.searchType, s.searchMultiple])).toEqual([
      [1, false],
      [3, false],
      [1, true],
    ]);
  });

  it('buttons keep JNPF order; a tree table keeps 新增 only; labels are editable', () => {
    let cd = blankColumnData();
    cd = toggleButton(cd, 'btnsList', 'upload', true);
    cd = toggleButton(cd, 'btnsList', 'download', true);
    cd = labelButton(cd, 'btnsList', 'download', '导出Excel');
    expect(cd.btnsList).toEqual([
      { value: 'add', icon: 'el-icon-plus', label: '新增' },
      { value: 'download', icon: 'el-icon-download', label: '导出Excel' },
      { value: 'upload', icon: 'el-icon-upload2', label: '导入' },
    ]);
    expect(setType(cd, 5).btnsList.map((b) => b.value)).toEqual(['add']);
    expect(toggleButton(cd, 'columnBtnsList', 'detail', true).columnBtnsList.map((b) => b.value)).toEqual(['edit', 'remove', 'detail']);
  });

  it('refresh drops columns, searches and settings whose field is gone and re-embeds the others', () => {
    let cd = addColumn(blankColumnData(), form, 'comInputField101');
    cd = addSearch(cd, form, 'comInputField101');
    cd = set(cd, 'defaultSidx', 'comInputField101');
    cd = setColumn(cd, 'comInputField101', { width: 120 });
    const renamed: FormDefinition = JSON.parse(JSON.stringify(form));
    const field = allWidgets(renamed.fields).find((f) => f.__vModel__ === 'comInputField101');
    if (!field) throw new Error('demo changed');
    field.__config__.label = '品名';
    const kept = refresh(cd, renamed);
    expect(kept.columnList[0].__config__.label).toBe('品名');
    expect(kept.columnList[0].width).toBe(120);
    field.__vModel__ = 'drugName';
    const gone = refresh(cd, renamed);
    expect([gone.columnList, gone.searchList, gone.defaultSidx]).toEqual([[], [], '']);
    expect(removeColumn(cd, 'comInputField101').columnList).toEqual([]);
  });
});

test('导入 gets its import template (add only, every listable field) when the list is saved; summary fields that are gone are dropped', () => {
  const form = readFormData(load('jnpf-drug-receipt.json').formData) as FormDefinition;
  let cd = toggleButton(defaultColumnData(form), 'btnsList', 'upload', true);
  cd = set(cd, 'summaryField', ['comInputField101', 'gone']);
  const saved = refresh(cd, form);
  expect(saved.uploaderTemplateJson).toEqual({ dataType: '1', selectKey: candidates(form).map((c) => c.prop) });
  expect(saved.summaryField).toEqual(['comInputField101']);
  // a template made is kept, less the fields gone
  const kept = refresh(set(cd, 'uploaderTemplateJson', { dataType: '2', selectKey: ['comInputField101', 'gone'] }), form);
  expect(kept.uploaderTemplateJson).toEqual({ dataType: '2', selectKey: ['comInputField101'] });
  // without 导入 nothing is added
  expect(refresh(defaultColumnData(form), form).uploaderTemplateJson).toEqual({});
});

test('a hand-made columnData reads safely: lists that are not lists, items without prop, a type as text', () => {
  const cd = readColumnData('{"type":"2","columnList":{"x":1},"searchList":[null,{"label":"x"},{"prop":"a","label":"A"}],"btnsList":"add"}') as ColumnData;
  expect([cd.type, cd.columnList, cd.searchList.map((s) => s.prop), cd.btnsList.map((b) => b.value)]).toEqual([2, [], ['a'], ['add']]);
  expect(readColumnData('not json')).toBeNull();
  expect(readColumnData('')).toBeNull();
});

describe('the list a form without one gets', () => {
  const check = (formData: FormDefinition, columnData: ColumnData) =>
    core.checkDefinition({ fullName: 'f', enCode: 'f', type: 1, webType: 2, formData: JSON.stringify(formData), columnData: JSON.stringify(columnData) }).problems;

  it('shows the first main-form fields and searches the first text field; core releases it', () => {
    let state = createState(blankForm() as FormDefinition);
    for (const key of ['comInput', 'numInput', 'table', 'date', 'select', 'textarea', 'uploadFz', 'rate']) state = insert(state, key, `名称${key}`, null, 1_700_000_000_000);
    const cd = defaultColumnData(state.form);
    expect(cd.columnList.map((c) => c.jnpfKey)).toEqual(['comInput', 'numInput', 'date', 'select', 'textarea']);
    expect(cd.searchList.map((s) => [s.jnpfKey, s.searchType])).toEqual([['comInput', 2]]);
    expect(cd.btnsList.map((b) => b.value)).toEqual(['add']);
    expect(cd.columnBtnsList.map((b) => b.value)).toEqual(['edit', 'remove']);
    // (the sub-table is empty: that is the form's problem, not the list's)
    expect(check(state.form, cd).filter((p) => !p.path.startsWith('/formData/fields/2'))).toEqual([]);
  });

  it('for the demos too (core finds nothing wrong with the generated list)', () => {
    for (const name of WITH_LISTS) {
      const form = readFormData(load(name).formData) as FormDefinition;
      const cd = defaultColumnData(form);
      expect(cd.columnList.length).toBeGreaterThan(0);
      expect(check(form, cd).filter((p) => p.path.startsWith('/columnData'))).toEqual([]);
    }
  });

  it('a form with nothing listable gets an empty list, which core refuses (列表至少需要一列)', () => {
    const cd = defaultColumnData(blankForm() as FormDefinition);
    expect(cd.columnList).toEqual([]);
    expect(check(blankForm() as FormDefinition, cd).map((p) => p.key)).toContain('model.noListColumns');
  });

  it('button labels come in the language given', () => {
    const cd = defaultColumnData(blankForm() as FormDefinition, { add: 'Add', edit: 'Edit', remove: 'Delete' });
    expect([...cd.btnsList, ...cd.columnBtnsList].map((b) => b.label)).toEqual(['Add', 'Edit', 'Delete']);
  });
});
