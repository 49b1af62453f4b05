// 系统日志 against a fake Log API shaped as the server answers (server/tests/api/log.rs): the
// sign-ins first, each tab asking its own category from a clean search with its own columns;
// the keyword on Enter and the date range as whole days, 重置 clearing both; paging; with the
// page's 删除 button (checked by the real rules core) chosen rows deleted and a tab's log cleared
// after their confirmations — and without it none of that is offered.
import { now, wallMs } from '@/utils/clock';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as api from '@/api/log';
import { initI18n } from '@/i18n';
import { buttonNamed, confirmation, grant, renderPage } from '@/test/renderPage';
import SystemLogPage from './SystemLogPage';

jest.mock('@/api/log');
const m = api as jest.Mocked<typeof api>;

jest.setTimeout(60_000);

const PATH = '/system/log';
const entry = (id: string, userName: string, extra: Partial<api.LogRow> = {}): api.LogRow => ({
  id,
  creatorTime: 1_767_312_000_000,
  userName,
  ipaddress: '127.0.0.1',
  ipaddressName: '本地',
  platForm: 'Linux',
  browser: 'Chrome',
  loginMark: 1,
  abstracts: '登录成功',
  requestURL: '',
  requestMethod: '',
  requestDuration: 0,
  moduleName: '',
  json: '',
  ...extra,
});
const ROWS: Record<api.LogCategory, api.LogRow[]> = {
  1: [entry('l1', 'nurse'), entry('l2', 'doctor', { loginMark: 0, abstracts: '账户或密码错误，请重新输入' })],
  5: [entry('r1', '管理员/admin', { requestURL: '/api/oauth/CurrentUser', requestMethod: 'GET', requestDuration: 3, abstracts: '200' })],
  3: [entry('o1', '王医生/doctor', { requestURL: '/api/permission/Users/Current/BaseInfo', requestMethod: 'PUT', requestDuration: 7, loginMark: 0, abstracts: '400 请输入姓名' })],
};
const ok = <T,>(data: T, msg = '') => Promise.resolve({ code: 200, msg, data });

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.clearAllMocks();
  m.getLogList.mockImplementation((category, q) => ok({ list: ROWS[category], pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: 45 } }));
  m.deleteLogs.mockImplementation(() => ok(null, '删除成功'));
  m.clearLog.mockImplementation(() => ok(null, '清空成功'));
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

async function open(buttons = ['btn_remove']) {
  grant(PATH, buttons);
  renderPage(SystemLogPage, PATH);
  await screen.findByText('nurse');
  await settle();
}

const EMPTY = { currentPage: 1, pageSize: 20, keyword: '', startTime: '', endTime: '' };
const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent).filter(Boolean);
const tab = async (name: string) => {
  fireEvent.click(screen.getByText(name, { selector: '.ant-tabs-tab-btn' }));
  await settle();
};
const keyword = () => screen.getByLabelText('关键词') as HTMLInputElement;

test('the sign-ins first; each tab asks its own category from a clean search, with its own columns; pages', async () => {
  await open();
  expect(m.getLogList).toHaveBeenCalledWith(1, EMPTY);
  expect(headers()).toEqual(['登录时间', '登录用户', '登录IP', '登录地点', '登录设备', '结果', '说明']);
  const failed = screen.getByText('doctor').closest('tr') as HTMLElement;
  expect(within(failed).getByText('失败')).toBeTruthy();
  expect(within(failed).getByText('Linux / Chrome')).toBeTruthy();

  fireEvent.change(keyword(), { target: { value: 'doctor' } });
  await tab('请求日志');
  expect(m.getLogList).toHaveBeenLastCalledWith(5, EMPTY);
  expect(keyword().value).toBe('');
  await screen.findByText('/api/oauth/CurrentUser');
  expect(headers()).toEqual(['请求时间', '请求用户', '请求IP', '请求设备', '请求地址', '请求类型', '耗时(毫秒)']);

  await tab('操作日志');
  expect(m.getLogList).toHaveBeenLastCalledWith(3, EMPTY);
  await screen.findByText('400 请输入姓名');
  expect(headers()).toEqual(['操作时间', '操作用户', '操作IP', '操作地址', '操作类型', '耗时(毫秒)', '结果', '说明']);

  fireEvent.click(screen.getByTitle('3'));
  await waitFor(() => expect(m.getLogList).toHaveBeenLastCalledWith(3, { ...EMPTY, currentPage: 3 }));
});

test('the keyword on Enter and the date range (whole days) filter; 重置 clears both', async () => {
  await open();
  fireEvent.change(keyword(), { target: { value: ' doctor ' } });
  fireEvent.keyDown(keyword(), { key: 'Enter', keyCode: 13 });
  await waitFor(() => expect(m.getLogList).toHaveBeenLastCalledWith(1, { ...EMPTY, keyword: 'doctor' }));

  // The range's 最近一周: from the start of the day a week ago to the end of today.
  const picker = document.querySelector('.ant-picker-range') as HTMLElement;
  fireEvent.mouseDown(picker.querySelector('input') as HTMLElement);
  fireEvent.click(picker.querySelector('input') as HTMLElement);
  fireEvent.click(await screen.findByText('最近一周'));
  await settle();
  // Whole days of the installation's zone (issue 25).
  const start = wallMs(now().subtract(7, 'day').format('YYYY-MM-DD'));
  const end = wallMs(now().format('YYYY-MM-DD')) + 86_400_000 - 1;
  await waitFor(() => expect(m.getLogList).toHaveBeenLastCalledWith(1, { ...EMPTY, keyword: 'doctor', startTime: start, endTime: end }));

  fireEvent.click(buttonNamed(/^重\s*置$/));
  await waitFor(() => expect(m.getLogList).toHaveBeenLastCalledWith(1, EMPTY));
  expect(keyword().value).toBe('');
  expect((picker.querySelector('input') as HTMLInputElement).value).toBe('');
});

test('删除 asks for a row first, then deletes the chosen rows after the confirmation; 一键清空 clears the tab’s log', async () => {
  await open();
  fireEvent.click(buttonNamed(/^删\s*除$/));
  await screen.findByText('请选择一条数据');
  expect(m.deleteLogs).not.toHaveBeenCalled();

  fireEvent.click((screen.getByText('doctor').closest('tr') as HTMLElement).querySelector('.ant-checkbox-input') as HTMLElement);
  fireEvent.click(buttonNamed(/^删\s*除$/));
  await screen.findByText('您确定要删除这些数据吗, 是否继续?');
  fireEvent.click(buttonNamed(/^确\s*定$/, confirmation()));
  await screen.findByText('删除成功');
  expect(m.deleteLogs).toHaveBeenCalledWith(['l2']);
  await waitFor(() => expect(m.getLogList).toHaveBeenCalledTimes(2)); // read again

  await tab('请求日志');
  fireEvent.click(buttonNamed('一键清空'));
  await screen.findByText('此操作会将所有日志删除，是否继续?');
  fireEvent.click(buttonNamed(/^确\s*定$/, confirmation()));
  await screen.findByText('清空成功');
  expect(m.clearLog).toHaveBeenCalledWith(5);
});

test('without the 删除 button no row can be chosen, and neither 删除 nor 一键清空 is offered', async () => {
  await open([]);
  expect(() => buttonNamed(/^删\s*除$/)).toThrow('0 buttons');
  expect(() => buttonNamed('一键清空')).toThrow('0 buttons');
  expect(document.querySelectorAll('.ant-table-tbody .ant-checkbox-input')).toHaveLength(0);
});
