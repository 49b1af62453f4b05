// 单据规则 against a fake BillRule API that answers as the server does, with the real rules core
// (WASM): the list with keyword and category filter (BILL-004), the 600px form (BILL-001) whose
// example the core recomputes as prefix, date format, digit and start change (BILL-005), the
// core's messages before any request (BILL-008..020), the start number fitted by the core
// (BILL-021), defaults (BILL-006, BILL-007), state, delete and export after confirmation, and
// button permission (PERM-011).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { today } from '@/utils/clock';
import * as api from '@/api/billRule';
import * as download from '@/utils/download';
import { initI18n } from '@/i18n';
import { answerDictionaries, pageOf } from '@/test/pageKit';
import { ALL_BUTTONS, buttonNamed, confirmation, formDialog, grant, renderPage, settle, stateSwitch } from '@/test/renderPage';
import BillRulePage from './BillRulePage';

jest.mock('@/api/billRule');
jest.mock('@/api/dictionary');
jest.mock('@/utils/download');
const m = api as jest.Mocked<typeof api>;

const PATH = '/system/billRule';
const CATEGORIES = [
  { id: 'bt-sale', enCode: 'sale', fullName: '销售管理', enabledMark: 1 },
  { id: 'bt-med', enCode: 'medical', fullName: '医疗业务', enabledMark: 1 },
];
const row = (i: number, category = CATEGORIES[i % 2]): api.BillRuleRow => ({
  id: `r${i}`,
  fullName: `规则${i}`,
  enCode: `rule${i}`,
  category: category.fullName,
  startNumber: '00001',
  outputNumber: '',
  digit: 5,
  creatorUser: '管理员/admin',
  creatorTime: 1_700_000_000_000,
  lastModifyTime: null,
  sortCode: i,
  enabledMark: i % 2,
});
const ROWS = Array.from({ length: 25 }, (_, i) => row(i + 1));
const ok = (msg = '') => ({ code: 200, msg, data: null });
// The installation's today (issue 25), not the browser's: they differ for hours each day.
const TODAY = today().format('YYYYMMDD');

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  answerDictionaries({ id: 'dt-business', enCode: 'businessType', fullName: '业务分类', isTree: 0, dictionaryList: CATEGORIES });
  m.getBillRuleList.mockImplementation(async (q) => {
    const category = CATEGORIES.find((c) => c.id === q.categoryId);
    const found = ROWS.filter((r) => (!q.keyword || r.fullName.includes(q.keyword)) && (!category || r.category === category.fullName));
    return pageOf(found, q);
  });
});

const ALL = ALL_BUTTONS;

async function open(buttons = ALL) {
  grant(PATH, buttons);
  renderPage(BillRulePage, PATH);
  await screen.findByText('规则1');
  await settle();
}

const button = (name: string | RegExp, scope?: ParentNode) => buttonNamed(name, scope);
const dialog = () => formDialog('qm-bill-rule-form');
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const example = () => (dialog().querySelector('#billRule_example') as HTMLInputElement).value;
const type = async (label: string, value: string) => {
  fireEvent.change(field(label), { target: { value } });
  await settle();
};

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(field(label));
  await settle();
  const options = [...document.querySelectorAll('.ant-select-item-option-content')].filter((o) => o.textContent === option);
  fireEvent.click(options[options.length - 1]);
  await settle();
}

async function openNew() {
  fireEvent.click(button('新建'));
  await screen.findByText('新建单据');
  await settle();
}

test('the list: keyword on Enter, the businessType category filter (BILL-004), reset, pages of 20', async () => {
  await open();
  expect(m.getBillRuleList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', categoryId: '' });
  expect(screen.getByText('共 25 条')).toBeTruthy();
  const keyword = screen.getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: '规则2' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(m.getBillRuleList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '规则2', categoryId: '' }));
  fireEvent.click(button('重置'));
  await settle();
  fireEvent.mouseDown(screen.getByLabelText('业务分类'));
  await settle();
  fireEvent.click(screen.getByText('医疗业务', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(m.getBillRuleList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', categoryId: 'bt-med' }));
  await screen.findByText('共 13 条'); // the odd ones
  fireEvent.click(button('重置'));
  await waitFor(() => expect(m.getBillRuleList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', categoryId: '' }));
});

test('PERM-011: each button only with its permission; without edit the state is a tag', async () => {
  await open(['btn_remove']);
  expect(() => button('新建')).toThrow('0 buttons');
  expect(() => button('导入')).toThrow('0 buttons');
  expect(() => button('编辑 规则1')).toThrow('0 buttons');
  expect(() => button('导出 规则1')).toThrow('0 buttons');
  expect(button('删除 规则1')).toBeTruthy();
  expect(document.querySelectorAll('.ant-table [role="switch"]')).toHaveLength(0);
});

test('BILL-001, BILL-008..015, BILL-018: 新建单据 is 600px and the core refuses the empty form before any request', async () => {
  await open();
  await openNew();
  expect(dialog().style.width).toBe('600px');
  // Issue 25: a label longer than the label column wraps instead of being cut ("Business nam").
  expect(dialog().querySelector('.ant-form-item-label')?.className).toContain('ant-form-item-label-wrap');
  fireEvent.click(buttonNamed('确定', dialog()));
  await settle();
  for (const text of ['请输入业务名称', '请输入业务编码', '请选择业务分类', '请输入流水前缀', '请输入选择流水日期格式', '请输入流水位数', '请输入流水起始']) {
    expect(within(dialog()).getByText(text)).toBeTruthy();
  }
  await type('业务名称', '名'.repeat(51));
  await type('业务编码', 'a'.repeat(51));
  expect(within(dialog()).getByText('业务名称最多为50个字符！')).toBeTruthy();
  expect(within(dialog()).getByText('业务编码最多为50个字符！')).toBeTruthy();
  expect(m.createBillRule).not.toHaveBeenCalled();
  // Every numbering field is marked required, as the core refuses it empty.
  for (const label of ['流水前缀', '流水日期', '流水位数', '流水起始']) {
    expect(field(label).closest('.ant-form-item')?.querySelector('.ant-form-item-required')).not.toBeNull();
  }
});

test('BILL-005: the example follows prefix, date format, digit and start as they change; read-only', async () => {
  await open();
  await openNew();
  expect(example()).toBe('');
  expect((dialog().querySelector('#billRule_example') as HTMLInputElement).readOnly).toBe(true);
  await type('流水前缀', 'XS');
  await chooseOption('流水日期', 'yyyyMMdd（年月日）');
  await type('流水位数', '5');
  await type('流水起始', '1');
  expect(example()).toBe(`XS${TODAY}00001`);
  await type('流水位数', '3');
  expect(example()).toBe(`XS${TODAY}001`);
  await type('流水前缀', 'MZ');
  expect(example()).toBe(`MZ${TODAY}001`);
  await type('流水起始', '42');
  expect(example()).toBe(`MZ${TODAY}042`);
  await chooseOption('流水日期', 'yyyy（年）');
  expect(example()).toBe(`MZ${TODAY.slice(0, 4)}042`);
  await chooseOption('流水日期', '无日期');
  expect(example()).toBe('MZ042');
  // Unusable: no example rather than a wrong one.
  await type('流水起始', '000');
  expect(example()).toBe('');
});

test('BILL-016, BILL-017, BILL-019, BILL-020: digit is one positive digit; start is digits, not all zeros', async () => {
  await open();
  await openNew();
  expect(field('流水位数').getAttribute('maxlength')).toBe('1');
  await type('流水位数', '0');
  expect(within(dialog()).getByText('仅能输入正整数')).toBeTruthy();
  await type('流水位数', 'a');
  expect(within(dialog()).getByText('仅能输入正整数')).toBeTruthy();
  await type('流水起始', '00');
  expect(within(dialog()).getByText('流水起始不能为00')).toBeTruthy();
  await type('流水起始', '1a');
  expect(within(dialog()).getByText('只能输入数字')).toBeTruthy();
  await type('流水起始', '7');
  expect(within(dialog()).queryByText('只能输入数字')).toBeNull();
});

test('BILL-004, BILL-006, BILL-007, BILL-021: a save sends the category id, the start fitted to the digits by the core, sort 0 and enabled', async () => {
  m.createBillRule.mockResolvedValue(ok('新建成功'));
  await open();
  await openNew();
  await type('业务名称', '门诊收费单');
  await type('业务编码', 'mzsf');
  await chooseOption('业务分类', '医疗业务');
  await type('流水前缀', 'MZ');
  await chooseOption('流水日期', 'yyyyMM（年月）');
  await type('流水位数', '3');
  await type('流水起始', '123456');
  expect(example()).toBe(`MZ${TODAY.slice(0, 6)}456`);
  const calls = m.getBillRuleList.mock.calls.length;
  fireEvent.click(buttonNamed('确定', dialog()));
  await screen.findByText('新建成功');
  expect(m.createBillRule).toHaveBeenCalledWith({
    fullName: '门诊收费单',
    enCode: 'mzsf',
    category: 'bt-med',
    prefix: 'MZ',
    dateFormat: 'yyyyMM',
    digit: '3',
    startNumber: '456',
    sortCode: 0,
    enabledMark: 1,
    description: '',
  });
  await waitFor(() => expect(m.getBillRuleList).toHaveBeenCalledTimes(calls + 1));
});

test('编辑单据 loads the rule and shows its example; a short start is sent padded (BILL-021)', async () => {
  m.getBillRule.mockResolvedValue({
    code: 200,
    msg: '',
    data: {
      id: 'r1',
      fullName: '规则1',
      enCode: 'rule1',
      category: 'bt-sale',
      prefix: 'XS',
      dateFormat: 'yyyyMMdd',
      digit: 5,
      startNumber: '00001',
      example: 'XS2024011500001',
      outputNumber: '',
      sortCode: 1,
      enabledMark: 1,
      description: '',
    },
  });
  m.updateBillRule.mockResolvedValue(ok('更新成功'));
  await open();
  fireEvent.click(button('编辑 规则1'));
  await screen.findByText('编辑单据');
  await settle();
  expect(m.getBillRule).toHaveBeenCalledWith('r1');
  expect(field('业务名称').value).toBe('规则1');
  expect(example()).toBe(`XS${TODAY}00001`);
  await type('流水起始', '12');
  expect(example()).toBe(`XS${TODAY}00012`);
  fireEvent.click(buttonNamed('确定', dialog()));
  await screen.findByText('更新成功');
  expect(m.updateBillRule).toHaveBeenCalledWith('r1', expect.objectContaining({ category: 'bt-sale', digit: '5', startNumber: '00012', sortCode: 1 }));
});

test('BILL-007: the state switch asks first, then the server flips it; delete and export ask too', async () => {
  m.toggleBillRule.mockResolvedValue(ok('更新成功'));
  m.deleteBillRule.mockResolvedValue(ok('删除成功'));
  m.exportBillRule.mockResolvedValue({ code: 200, msg: '', data: { url: '/api/file/DownloadModel?encryption=k2' } });
  await open();
  fireEvent.click(stateSwitch('规则1'));
  await screen.findByText('您确定要禁用当前单据规则, 是否继续?');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('更新成功');
  expect(m.toggleBillRule).toHaveBeenCalledWith('r1');

  fireEvent.click(button('删除 规则2'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('删除成功');
  expect(m.deleteBillRule).toHaveBeenCalledWith('r2');

  fireEvent.click(button('导出 规则3'));
  await screen.findByText('您确定要导出该单据规则, 是否继续?');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(download.downloadUrl).toHaveBeenCalledWith('/api/file/DownloadModel?encryption=k2'));
  expect(m.exportBillRule).toHaveBeenCalledWith('r3');
});

test('导入 offers .bb files; a refusal was said by the HTTP client and nothing reloads', async () => {
  m.importBillRule.mockRejectedValue({ code: 400, msg: '业务编码已存在', data: null });
  await open();
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.accept).toBe('.bb');
  const calls = m.getBillRuleList.mock.calls.length;
  const file = new File(['{}'], 'rule.bb');
  fireEvent.change(input, { target: { files: [file] } });
  await settle();
  expect(m.importBillRule).toHaveBeenCalledWith(file);
  expect(m.getBillRuleList).toHaveBeenCalledTimes(calls);
  expect(button('导入').disabled).toBe(false);
});
