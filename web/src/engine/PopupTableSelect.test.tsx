// popupTableSelect (spec 02 §2.3, §4.4, §5) in a generated form, the demonstration model's
// 责任护士 field (fixtures/models/inpatient-admission.json) and variants of it, over a fake
// data-interface server (only `fetch` is fake: the real HTTP client and API module): the
// popover, its keyword filter and table, radio or checkbox selection, tags, cancel and confirm.
import * as fs from 'fs';
import * as path from 'path';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { envelope, fakeFetch, type Call } from '@/test/fakeFetch';
import { buttonNamed, renderInApp } from '@/test/renderPage';
import { engine, forgetEngine, renderEngineForm } from '@/test/engineForm';
import { readFormData, walkFields, type Field, type FormDefinition, type FormRecord } from './definition';
import { DetailViewer } from './index';

const root = path.resolve(__dirname, '../../..');
const demo = readFormData(JSON.parse(fs.readFileSync(path.join(root, 'fixtures/models/inpatient-admission.json'), 'utf8')).formData) as FormDefinition;
let nurses: Field | undefined;
walkFields(demo.fields, (f) => {
  if (f.__vModel__ === 'responsible_nurses') nurses = f;
});

const NURSES = [
  { id: 'n1', realName: '王护士', title: '护师' },
  { id: 'n2', realName: '李护士', title: '主管护师' },
  { id: 'n3', realName: '赵护士', title: '护士' },
];

let listed: Call[];
let byIds: Call[];
jest.setTimeout(120_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  listed = [];
  byIds = [];
  fakeFetch({
    'POST /api/system/DataInterface/{id}/Action/List': (call) => {
      listed.push(call);
      const { keyword, currentPage, pageSize } = call.body as { keyword: string; currentPage: number; pageSize: number };
      const rows = NURSES.filter((n) => !keyword || n.realName.includes(keyword));
      return { list: rows.slice((currentPage - 1) * pageSize, currentPage * pageSize), pagination: { currentPage, pageSize, total: rows.length } };
    },
    'POST /api/system/DataInterface/{id}/Action/InfoByIds': (call) => {
      byIds.push(call);
      const ids = (call.body as { ids: string[] }).ids;
      return NURSES.filter((n) => ids.includes(n.id));
    },
  });
});

/** A form of the one field (the demonstration's 责任护士 with `changes`), with `record` if given. */
function renderField(changes: Record<string, unknown>, record?: FormRecord) {
  forgetEngine();
  const field = { ...(nurses as Field), ...changes };
  const definition: FormDefinition = { ...demo, fields: [field] };
  return renderEngineForm(definition, record);
}

const widget = () => document.querySelector('[data-field="responsible_nurses"]') as HTMLElement;
const popover = () => document.querySelector('.qm-engine-popup-table') as HTMLElement | null;
const rowOf = (text: string) => [...(popover()?.querySelectorAll('.ant-table-tbody tr') ?? [])].find((tr) => tr.textContent?.includes(text)) as HTMLElement;
const tags = () => [...widget().querySelectorAll('.ant-select-selection-item')].map((t) => t.textContent ?? '');

async function openPopover() {
  fireEvent.click(widget().querySelector('.qm-engine-popup-table-select') as HTMLElement);
  await waitFor(() => expect(rowOf('王护士')).toBeTruthy());
}
function confirmPopover() {
  fireEvent.click(buttonNamed('确定', popover() as HTMLElement));
}

test('WGT-053: a popover 700px wide with the keyword filter (Enter searches from page 1) and a table 300 high', async () => {
  renderField({ multiple: false, hasPage: true, pageSize: 2, filterable: true });
  await waitFor(() => expect(engine()?.ready).toBe(true));
  // A popover, not popupSelect's dialog.
  await openPopover();
  expect(document.querySelector('.ant-modal')).toBeNull();
  expect(popover()?.closest('.ant-popover')).not.toBeNull();
  expect(popover()?.style.width).toBe('700px');
  expect((popover()?.querySelector('.ant-table-body') as HTMLElement).style.maxHeight).toBe('300px');
  expect(listed[0]).toMatchObject({
    path: '/api/system/DataInterface/325449144728584303/Action/List',
    body: { keyword: '', currentPage: 1, pageSize: 2, propsValue: 'id', relationField: 'realName', columnOptions: 'realName,title' },
  });
  // To page 2, then a keyword with Enter: asked again from page 1.
  fireEvent.click(popover()?.querySelector('.ant-pagination-item-2') as HTMLElement);
  await waitFor(() => expect(rowOf('赵护士')).toBeTruthy());
  expect(listed[listed.length - 1].body).toMatchObject({ currentPage: 2 });
  const keyword = popover()?.querySelector('.qm-engine-popup-table-search input') as HTMLInputElement;
  fireEvent.change(keyword, { target: { value: '李' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(rowOf('李护士')).toBeTruthy());
  expect(listed[listed.length - 1].body).toMatchObject({ keyword: '李', currentPage: 1 });
  expect(rowOf('王护士')).toBeFalsy();
});

test('the keyword filter only when the field is filterable', async () => {
  renderField({ multiple: false, filterable: false });
  await waitFor(() => expect(engine()?.ready).toBe(true));
  await openPopover();
  expect(popover()?.querySelector('.qm-engine-popup-table-search')).toBeNull();
});

test('WGT-054, WGT-056: single: radio selection; 确定 keeps row[propsValue] and shows row[relationField]; 取消 keeps the value; 确定 with nothing chosen clears it', async () => {
  renderField({ multiple: false });
  await waitFor(() => expect(engine()?.ready).toBe(true));
  await openPopover();
  expect(popover()?.querySelectorAll('.ant-table-tbody input[type=radio]')).toHaveLength(3);
  expect(popover()?.querySelector('.ant-table-tbody input[type=checkbox]')).toBeNull();
  fireEvent.click(rowOf('李护士'));
  await waitFor(() => expect((rowOf('李护士').querySelector('input[type=radio]') as HTMLInputElement).checked).toBe(true));
  confirmPopover();
  await waitFor(() => expect(engine().record.responsible_nurses).toBe('n2'));
  expect(widget().textContent).toContain('李护士');
  // 取消: the value stays whatever was clicked.
  await openPopover();
  expect((rowOf('李护士').querySelector('input[type=radio]') as HTMLInputElement).checked).toBe(true);
  fireEvent.click(rowOf('王护士'));
  fireEvent.click(buttonNamed('取消', popover() as HTMLElement));
  await waitFor(() => expect(document.querySelector('.ant-popover:not(.ant-popover-hidden) .qm-engine-popup-table')).toBeNull());
  expect(engine().record.responsible_nurses).toBe('n2');
  // A value the list has not shown: 确定 with nothing chosen clears it.
  act(() => engine().setValue('responsible_nurses', ''));
  await openPopover();
  expect(popover()?.querySelector('.ant-table-tbody input[type=radio]:checked')).toBeNull();
  act(() => engine().setValue('responsible_nurses', 'n9'));
  confirmPopover();
  await waitFor(() => expect(engine().record.responsible_nurses).toBe(''));
});

test('WGT-054, WGT-057: multiple: checkbox selection seeded from the value; a row click toggles it in or out', async () => {
  renderField({ multiple: true }, { responsible_nurses: ['n1'] });
  await waitFor(() => expect(engine()?.ready).toBe(true));
  // The kept value's text from InfoByIds.
  await waitFor(() => expect(tags()).toEqual(['王护士']));
  expect(byIds[0].body).toMatchObject({ ids: ['n1'], propsValue: 'id' });
  await openPopover();
  expect(popover()?.querySelector('.ant-table-tbody input[type=radio]')).toBeNull();
  const box = (name: string) => rowOf(name).querySelector('input[type=checkbox]') as HTMLInputElement;
  expect(box('王护士').checked).toBe(true);
  fireEvent.click(rowOf('李护士'));
  fireEvent.click(rowOf('赵护士'));
  fireEvent.click(rowOf('王护士'));
  await waitFor(() => expect(box('王护士').checked).toBe(false));
  expect(box('李护士').checked).toBe(true);
  // The checkbox itself toggles once too.
  fireEvent.click(box('赵护士'));
  await waitFor(() => expect(box('赵护士').checked).toBe(false));
  confirmPopover();
  await waitFor(() => expect(engine().record.responsible_nurses).toEqual(['n2']));
  expect(tags()).toEqual(['李护士']);
});

test('WGT-055, WGT-057: multiple picks as tags, collapsed to the first and +N with collapse-tags; deleting a tag confirms at once', async () => {
  renderField({ multiple: true, 'collapse-tags': true }, { responsible_nurses: ['n1', 'n2', 'n3'] });
  await waitFor(() => expect(engine()?.ready).toBe(true));
  await waitFor(() => expect(tags()).toEqual(['王护士', '+2']));
  // Deleting the tag: the value changes without a confirm, and no popover opens.
  fireEvent.click(widget().querySelector('.ant-select-selection-item-remove') as HTMLElement);
  await waitFor(() => expect(engine().record.responsible_nurses).toEqual(['n2', 'n3']));
  expect(popover()).toBeNull();
  await waitFor(() => expect(tags()).toEqual(['李护士', '+1']));
});

test('WGT-055: without collapse-tags every pick is a tag', async () => {
  renderField({ multiple: true }, { responsible_nurses: ['n1', 'n2', 'n3'] });
  await waitFor(() => expect(tags()).toEqual(['王护士', '李护士', '赵护士']));
});

test('WGT-058: a multiple value that is not a list is reset to an empty one', async () => {
  renderField({ multiple: true }, { responsible_nurses: 'n1' });
  await waitFor(() => expect(engine().record.responsible_nurses).toEqual([]));
  expect(tags()).toEqual([]);
});

test('WGT-042, WGT-043: each opening lists afresh (keyword and page reset) with the selection seeded from the value; 取消 just closes', async () => {
  renderField({ multiple: false, filterable: true, hasPage: true, pageSize: 2 }, { responsible_nurses: 'n3' });
  await waitFor(() => expect(engine()?.ready).toBe(true));
  await openPopover();
  const keyword = () => popover()?.querySelector('.qm-engine-popup-table-search input') as HTMLInputElement;
  fireEvent.change(keyword(), { target: { value: '赵' } });
  fireEvent.keyDown(keyword(), { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect((rowOf('赵护士')?.querySelector('input[type=radio]') as HTMLInputElement)?.checked).toBe(true));
  fireEvent.click(buttonNamed('取消', popover() as HTMLElement));
  expect(engine().record.responsible_nurses).toBe('n3');
  const asked = listed.length;
  await openPopover();
  expect(listed.length).toBe(asked + 1);
  expect(listed[listed.length - 1].body).toMatchObject({ keyword: '', currentPage: 1 });
  expect(keyword().value).toBe('');
});

test('WGT-045: clearing empties the value and its text at once, without opening the popover', async () => {
  renderField({ multiple: false }, { responsible_nurses: 'n2' });
  await waitFor(() => expect(widget().textContent).toContain('李护士'));
  fireEvent.mouseDown(widget().querySelector('.ant-select-clear') as HTMLElement);
  fireEvent.click(widget().querySelector('.ant-select-clear') as HTMLElement);
  await waitFor(() => expect(engine().record.responsible_nurses).toBe(''));
  expect(widget().textContent).not.toContain('李护士');
  expect(popover()).toBeNull();
});

test('WGT-041: the popover asks 20 rows a page when paging is on and no page size is set, and 10000 at once without paging', async () => {
  const paged = renderField({ multiple: false, hasPage: true, pageSize: undefined });
  await waitFor(() => expect(widget()).not.toBeNull());
  await openPopover();
  expect(listed[0].body).toMatchObject({ currentPage: 1, pageSize: 20 });
  expect(popover()?.querySelector('.ant-pagination')).not.toBeNull();
  paged.unmount();
  listed.length = 0;
  renderField({ multiple: false, hasPage: false, interfaceHasPage: 0, pageSize: 20 });
  await waitFor(() => expect(widget()).not.toBeNull());
  await openPopover();
  expect(listed[0].body).toMatchObject({ currentPage: 1, pageSize: 10000 });
  expect(popover()?.querySelector('.ant-pagination')).toBeNull();
});

test('WGT-047, the popover: a failed list call stops loading, leaves the rows as they were and says why', async () => {
  renderField({ multiple: false, hasPage: true, pageSize: 2, filterable: true });
  await waitFor(() => expect(engine()?.ready).toBe(true));
  await openPopover();
  fakeFetch({
    'POST /api/system/DataInterface/{id}/Action/List': (call) => {
      listed.push(call);
      return envelope(500, '接口调用失败');
    },
  });
  const keyword = popover()?.querySelector('.qm-engine-popup-table-search input') as HTMLInputElement;
  fireEvent.change(keyword, { target: { value: '李' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('接口调用失败'));
  await waitFor(() => expect(popover()?.querySelector('.ant-spin-spinning')).toBeNull());
  expect(rowOf('王护士')).toBeTruthy();
  expect(rowOf('李护士')).toBeTruthy();
});

test('the detail view names the chosen rows of a raw record instead of showing their ids (issue 25)', async () => {
  const definition: FormDefinition = { ...demo, fields: [{ ...(nurses as Field), multiple: true }] };
  const { container } = renderInApp(<DetailViewer formData={definition} record={{ responsible_nurses: ['n1', 'n3'] }} />);
  const shown = () => container.querySelector('[data-field="responsible_nurses"] .qm-engine-value')?.textContent;
  await waitFor(() => expect(shown()).toBe('王护士,赵护士'));
  expect(byIds[0].body).toMatchObject({ ids: ['n1', 'n3'], propsValue: 'id', relationField: 'realName' });
});
