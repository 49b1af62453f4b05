// 列表设计 in jsdom (issue 27): the form's fields ticked as columns and search fields, a column's
// width/align/fixed/sortable, a search's type, the list type and its settings, paging, the
// default sort, header and row buttons with their labels, the permission switches — each an
// edit of the columnData handed out; core's list problems listed, a click selecting the column.
// (Dragging columns into order is the Chromium story's.)
import fs from 'fs';
import path from 'path';
import { useState } from 'react';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { initI18n } from '@/i18n';
import { readFormData, type FormDefinition } from '@/engine';
import { ListDesigner } from './ListDesigner';
import { blankColumnData, defaultColumnData, type ColumnData } from './listModel';

// antd in jsdom on a shared machine: a story of many clicks takes long
jest.setTimeout(180_000);
beforeAll(() => initI18n('zh-CN'));

const root = path.join(__dirname, '../../..');
const form = readFormData(JSON.parse(fs.readFileSync(path.join(root, 'fixtures/models/jnpf-drug-receipt.json'), 'utf8')).formData) as FormDefinition;

function setup(start: ColumnData) {
  let latest = start;
  function Host() {
    const [cd, setCd] = useState(start);
    return (
      <ListDesigner
        form={form}
        value={cd}
        onChange={(next) => {
          latest = next;
          setCd(next);
        }}
      />
    );
  }
  render(
    <App>
      <Host />
    </App>,
  );
  return () => latest;
}

const field = (prop: string) => document.querySelector(`.qm-list-field[data-prop="${prop}"]`) as HTMLElement;
const tick = (prop: string, what: '列' | '查询') => fireEvent.click(field(prop).querySelector(`input[aria-label^="${what} "]`) as HTMLInputElement);
/** The checkbox or radio whose text is `text` (getByRole is too slow for this page in jsdom). */
const choice = (scope: HTMLElement, text: string) => {
  const label = [...scope.querySelectorAll<HTMLElement>('label.ant-checkbox-wrapper, label.ant-radio-wrapper')].find((l) => l.textContent === text);
  if (!label) throw new Error(`no choice ${text}`);
  return label.querySelector('input') as HTMLInputElement;
};
const named = (scope: HTMLElement, label: string) => {
  const found = scope.querySelector<HTMLElement>(`[aria-label="${label}"]`);
  if (!found) throw new Error(`nothing labelled ${label}`);
  return found;
};
const SLOW = { timeout: 15_000 };
const row = (kind: string, prop: string) => document.querySelector(`.qm-list-row[data-kind="${kind}"][data-prop="${prop}"]`) as HTMLElement;
const props = () => document.querySelector('.qm-designer-props') as HTMLElement;

/** Picks `option` in the antd Select labelled `label` inside `scope` (the dropdown opened last). */
async function choose(scope: HTMLElement, label: string, option: string) {
  const select = named(scope, label);
  fireEvent.mouseDown(select.closest('.ant-select') ?? select);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].filter((o) => o.textContent === option).at(-1);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

test('fields ticked become columns and search fields with their settings', async () => {
  const cd = setup(blankColumnData());
  // the not-listable sub-table itself is not offered; its columns are, as 表-列
  expect(field('tableField108')).toBeNull();
  expect(field('tableField108-numInputField109').textContent).toContain('入库明细-数量');
  tick('comInputField101', '列');
  tick('dateField105', '列');
  tick('comInputField101', '查询');
  expect(cd().columnList.map((c) => c.prop)).toEqual(['comInputField101', 'dateField105']);
  expect(cd().searchList.map((s) => [s.prop, s.searchType])).toEqual([['comInputField101', 2]]);
  fireEvent.change(named(row('column', 'dateField105'), '宽度'), { target: { value: '160' } });
  await choose(row('column', 'dateField105'), '对齐', '居中');
  await choose(row('column', 'dateField105'), '冻结', '左冻结');
  fireEvent.click(choice(row('column', 'dateField105'), '排序'));
  fireEvent.change(named(row('column', 'dateField105'), '标题'), { target: { value: '日期' } });
  expect(cd().columnList[1]).toMatchObject({ prop: 'dateField105', label: '日期', width: 160, align: 'center', fixed: 'left', sortable: true, __config__: { label: '入库日期' } });
  await choose(row('search', 'comInputField101'), '查询方式', '等于查询');
  expect(cd().searchList[0].searchType).toBe(1);
  tick('comInputField101', '列');
  expect(cd().columnList.map((c) => c.prop)).toEqual(['dateField105']);
});

test('list type and its settings, paging, default sort', async () => {
  const cd = setup(defaultColumnData(form));
  fireEvent.click(choice(props(), '分组表格'));
  expect(cd().type).toBe(3);
  await choose(props(), '分组字段', '剂型');
  expect(cd().groupField).toBe('selectField103');
  expect(props().querySelector('[aria-label="分页"]')).toBeNull(); // a grouped table shows every row
  fireEvent.click(choice(props(), '左侧树形+普通表格'));
  expect(named(props(), '关联字段')).toBeTruthy();
  fireEvent.click(choice(props(), '普通列表'));
  await choose(props(), '每页条数', '50 条/页');
  expect(cd().pageSize).toBe(50);
  await choose(props(), '默认排序', '入库日期');
  fireEvent.click(choice(props(), '升序'));
  expect([cd().defaultSidx, cd().sort]).toEqual(['dateField105', 'asc']);
});

test('header and row buttons with their labels, 导入’s settings, the totals row, permissions', async () => {
  const cd = setup(defaultColumnData(form));
  const buttons = props().querySelector('.qm-list-btnsList') as HTMLElement;
  fireEvent.click(choice(buttons, '导入'));
  fireEvent.click(choice(buttons, '导出'));
  fireEvent.change(named(buttons, '导出按钮文字'), { target: { value: '导出Excel' } });
  expect(cd().btnsList.map((b) => [b.value, b.label])).toEqual([
    ['add', '新增'],
    ['download', '导出Excel'],
    ['upload', '导入'],
  ]);
  // 导入 brings its settings: add only or add and update, the fields imported
  fireEvent.click(choice(props(), '新增和更新'));
  expect(cd().uploaderTemplateJson).toMatchObject({ dataType: '2', selectKey: expect.arrayContaining(['comInputField101', 'tableField108-numInputField109']) });
  fireEvent.click(named(props(), '合计'));
  await choose(props(), '合计字段', '药品名称');
  expect([cd().showSummary, cd().summaryField]).toEqual([true, ['comInputField101']]);
  fireEvent.click(choice(props().querySelector('.qm-list-columnBtnsList') as HTMLElement, '详情'));
  expect(cd().columnBtnsList.map((b) => b.value)).toEqual(['edit', 'remove', 'detail']);
  fireEvent.click(choice(props(), '按钮权限'));
  fireEvent.click(choice(props(), '数据权限'));
  expect([cd().useBtnPermission, cd().useColumnPermission, cd().useFormPermission, cd().useDataPermission]).toEqual([true, false, false, true]);
  fireEvent.click(choice(props(), '树形表格'));
  expect(cd().btnsList.map((b) => b.value)).toEqual(['add']);
});

test('core’s problems of the list are listed; a click selects the column', async () => {
  setup(blankColumnData());
  await waitFor(() => expect(document.querySelector('.qm-list-problems')?.textContent).toContain('列表至少需要一列'), SLOW);
  tick('comInputField101', '列');
  await waitFor(() => expect(document.querySelector('.qm-list-problems')).toBeNull(), SLOW);
  // a sortable sub-table column: core says sorting takes main-table fields only
  tick('tableField108-numInputField109', '列');
  fireEvent.click(choice(row('column', 'tableField108-numInputField109'), '排序'));
  await waitFor(() => expect(document.querySelector('.qm-list-problems')?.textContent).toContain('只能使用主表字段'), SLOW);
  expect(row('column', 'tableField108-numInputField109').className).toContain('has-problem');
  fireEvent.click([...document.querySelectorAll<HTMLElement>('.qm-list-problems button')].find((b) => b.textContent === '入库明细-数量') as HTMLElement);
  expect(row('column', 'tableField108-numInputField109').className).toContain('is-selected');
});
