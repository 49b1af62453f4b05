// The serial-number rule picker (widget spec 2.7; WGT-072..075, BILL-024, BILL-025) rendered
// whole, with the real rules core (WASM) and the real HTTP client: only `fetch` is fake, a
// BillRule and dictionary server answering as jnpf-wire-areas.md §2.1–2.2 says, so the calls
// checked are the ones the widget sends.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import type { BillRuleOption } from '@/api/billRule';
import { initI18n } from '@/i18n';
import { buttonNamed, formDialog } from '@/test/renderPage';
// The app's management screens behind the add buttons, as the shell registers them.
import '@/app/pickerManagers';
import { fakeFetch, page, type Call } from '@/test/fakeFetch';
import { BillRuleSelect } from './BillRuleSelect';

const CATEGORIES = [
  { id: 'bt-sale', enCode: 'sale', fullName: '销售管理', enabledMark: 1, sortCode: 0, dictionaryTypeId: 'dt-business', parentId: '0' },
  { id: 'bt-med', enCode: 'medical', fullName: '医疗业务', enabledMark: 1, sortCode: 1, dictionaryTypeId: 'dt-business', parentId: '0' },
];
const rule = (i: number): BillRuleOption => ({
  id: `r${i}`,
  fullName: `规则${i}`,
  enCode: `rule${i}`,
  startNumber: String(i).padStart(5, '0'),
  category: CATEGORIES[i % 2].id,
});
let rules: BillRuleOption[];
let calls: Call[];

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  rules = Array.from({ length: 25 }, (_, i) => rule(i + 1));
  calls = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({
      list: [{ id: 'dt-business', enCode: 'businessType', fullName: '业务分类', isTree: 0, dictionaryList: CATEGORIES }],
    }),
    'GET /api/system/BillRule/Selector': ({ query }) => {
      const found = rules.filter((r) => (!query.keyword || r.fullName.includes(query.keyword)) && (!query.categoryId || r.category === query.categoryId));
      return page(found, Number(query.currentPage), Number(query.pageSize));
    },
    'POST /api/system/BillRule': ({ body }) => {
      const b = body as BillRuleOption;
      rules.unshift({ id: 'new', fullName: b.fullName, enCode: b.enCode, startNumber: b.startNumber, category: b.category });
      return null;
    },
  });
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

function Field({ initial = '', changes }: { initial?: string; changes: unknown[] }) {
  const [value, setValue] = useState(initial);
  return (
    <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true }}>
      <AntApp>
        <BillRuleSelect
          value={value}
          onChange={(v, row) => {
            changes.push([v, row]);
            setValue(v);
          }}
        />
      </AntApp>
    </ConfigProvider>
  );
}

const input = () => document.querySelector('.qm-bill-rule-input input, input.qm-bill-rule-input') as HTMLInputElement;
const dialog = () => document.querySelector('.qm-bill-rule-dialog') as HTMLElement;
const selectorCalls = () => calls.filter((c) => c.path === '/api/system/BillRule/Selector');
const rowNames = () => [...dialog().querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

async function openPicker() {
  fireEvent.click(input());
  await settle();
  await waitFor(() => expect(dialog().querySelector('.ant-table-row')).not.toBeNull());
}

// WGT-072 and WGT-074 are not claimed here: the rule picker is on no screen yet (issue 25).
test('BILL-024: a read-only field with an add button; the 1000px dialog lists 20 rules a page with radio, index, 业务名称, 业务编码, 流水起始', async () => {
  render(<Field changes={[]} />);
  expect(input().readOnly).toBe(true);
  expect(buttonNamed('新建单据')).toBeTruthy();
  await openPicker();
  expect(dialog().style.width).toBe('1000px');
  expect(selectorCalls()[0].query).toEqual({ keyword: '', currentPage: '1', pageSize: '20', sort: 'desc', sidx: '', categoryId: '' });
  const heads = [...dialog().querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
  expect(heads.filter(Boolean)).toEqual(['序号', '业务名称', '业务编码', '流水起始']);
  expect(dialog().querySelectorAll('.ant-table-thead .ant-table-selection-column')).toHaveLength(1);
  expect(dialog().querySelectorAll('.ant-table-tbody input[type="radio"]')).toHaveLength(20);
  expect(rowNames()[0].slice(1)).toEqual(['1', '规则1', 'rule1', '00001']);
  expect(within(dialog()).getByText('共 25 条')).toBeTruthy();
  // The second page goes on numbering.
  fireEvent.click(within(dialog()).getByTitle('2'));
  await settle();
  expect(selectorCalls().at(-1)?.query.currentPage).toBe('2');
  expect(rowNames().map((r) => r.slice(1, 3))).toEqual([
    ['21', '规则21'],
    ['22', '规则22'],
    ['23', '规则23'],
    ['24', '规则24'],
    ['25', '规则25'],
  ]);
});

test('WGT-073: the category tree (root 业务分类, the businessType items), the keyword on Enter, 重置 and 刷新', async () => {
  render(<Field changes={[]} />);
  await openPicker();
  const tree = dialog().querySelector('.qm-bill-rule-categories') as HTMLElement;
  const titles = [...tree.querySelectorAll('.ant-tree-title')].map((n) => n.textContent);
  expect(titles).toEqual(['业务分类', '销售管理', '医疗业务']);
  fireEvent.click(within(tree).getByText('医疗业务'));
  await settle();
  expect(selectorCalls().at(-1)?.query.categoryId).toBe('bt-med');
  expect(within(dialog()).getByText('共 13 条')).toBeTruthy();
  const keyword = within(dialog()).getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: '规则2' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await settle();
  expect(selectorCalls().at(-1)?.query).toMatchObject({ keyword: '规则2', categoryId: 'bt-med', currentPage: '1' });
  const before = selectorCalls().length;
  fireEvent.click(buttonNamed('刷新', dialog()));
  await settle();
  expect(selectorCalls()).toHaveLength(before + 1);
  expect(selectorCalls().at(-1)?.query).toMatchObject({ keyword: '规则2', categoryId: 'bt-med' });
  fireEvent.click(buttonNamed('重置', dialog()));
  await settle();
  expect(selectorCalls().at(-1)?.query).toMatchObject({ keyword: '', categoryId: '' });
  fireEvent.click(within(tree).getByText('医疗业务'));
  await settle();
  fireEvent.click(within(tree).getByText('业务分类'));
  await settle();
  expect(selectorCalls().at(-1)?.query.categoryId).toBe('');
});

test('BILL-025: 确定 stores the picked rule\'s enCode and gives the whole rule; 取消 leaves the value', async () => {
  const changes: unknown[] = [];
  render(<Field changes={changes} />);
  await openPicker();
  fireEvent.click(within(dialog()).getByText('规则3'));
  await settle();
  fireEvent.click(buttonNamed('取消', dialog()));
  await settle();
  expect(changes).toEqual([]);
  expect(input().value).toBe('');
  await openPicker();
  fireEvent.click(within(dialog()).getByText('规则3'));
  await settle();
  expect((dialog().querySelector('tr[data-row-key="r3"] input[type="radio"]') as HTMLInputElement).checked).toBe(true);
  fireEvent.click(buttonNamed('确定', dialog()));
  await settle();
  expect(changes).toEqual([['rule3', rule(3)]]);
  expect(input().value).toBe('rule3');
  // Opened again, the stored rule is the checked one.
  await openPicker();
  expect((dialog().querySelector('tr[data-row-key="r3"] input[type="radio"]') as HTMLInputElement).checked).toBe(true);
});

test('WGT-075, BILL-005: 新建 in the dialog opens the rule page\'s own form (core-checked, live example); the saved rule is listed at once', async () => {
  render(<Field changes={[]} />);
  await openPicker();
  fireEvent.click(buttonNamed('新建', dialog()));
  await screen.findByText('新建单据');
  await settle();
  const form = formDialog('qm-bill-rule-form');
  // The core refuses the empty form before any request.
  fireEvent.click(buttonNamed('确定', form));
  await settle();
  expect(within(form).getByText('请输入业务名称')).toBeTruthy();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  const type = async (label: string, value: string) => {
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    await settle();
  };
  const choose = async (label: string, option: string) => {
    fireEvent.mouseDown(within(form).getByLabelText(label));
    await settle();
    const found = [...document.querySelectorAll('.ant-select-item-option-content')].filter((o) => o.textContent === option);
    fireEvent.click(found[found.length - 1]);
    await settle();
  };
  await type('业务名称', '门诊收费单');
  await type('业务编码', 'mzsf');
  await choose('业务分类', '医疗业务');
  await type('流水前缀', 'MZ');
  await choose('流水日期', '无日期');
  await type('流水位数', '3');
  await type('流水起始', '7');
  expect((form.querySelector('#billRule_example') as HTMLInputElement).value).toBe('MZ007');
  const listed = selectorCalls().length;
  fireEvent.click(buttonNamed('确定', form));
  await settle();
  const post = calls.find((c) => c.method === 'POST');
  expect(post?.path).toBe('/api/system/BillRule');
  expect(post?.body).toMatchObject({ fullName: '门诊收费单', enCode: 'mzsf', category: 'bt-med', prefix: 'MZ', dateFormat: 'no', digit: '3', startNumber: '007' });
  expect(selectorCalls().length).toBeGreaterThan(listed);
  await waitFor(() => expect(within(dialog()).getByText('门诊收费单')).toBeTruthy());
});

test('WGT-072: the add button beside the field opens the same form without the list', async () => {
  render(<Field changes={[]} />);
  await settle();
  fireEvent.click(buttonNamed('新建单据'));
  await screen.findByText('新建单据', { selector: '.ant-modal-title' });
  expect(dialog()).toBeNull();
  expect(formDialog('qm-bill-rule-form')).toBeTruthy();
});
