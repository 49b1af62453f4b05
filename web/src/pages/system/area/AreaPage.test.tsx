// 行政区划 against a fake Area API that answers as the server does, with the real rules core:
// the lazy tree table (AREA-004), the keyword on the provinces, the state after confirmation
// (AREA-003), the form the core refuses before any request, and every opened level asked for
// again after a change.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as api from '@/api/area';
import { initI18n } from '@/i18n';
import { buttonNamed, confirmation, formDialog, grant, renderPage, settle, stateSwitch } from '@/test/renderPage';
import AreaPage from './AreaPage';

jest.mock('@/api/area', () => ({ ...jest.requireActual('@/api/area'), getAreaChildren: jest.fn(), toggleArea: jest.fn(), createArea: jest.fn(), getAreaSelector: jest.fn(), getAreaByIds: jest.fn() }));
const m = api as jest.Mocked<typeof api>;

const PATH = '/system/area';
const row = (id: string, parentId: string, fullName: string, hasChildren: boolean): api.AreaRow => ({
  id, parentId, fullName, enCode: id, sortCode: 0, enabledMark: 1, hasChildren, isLeaf: !hasChildren,
});
const LEVELS: Record<string, api.AreaRow[]> = {
  '-1': [row('110000', '-1', '北京市', true), row('130000', '-1', '河北省', true)],
  '110000': [row('110100', '110000', '市辖区', true)],
};

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  m.getAreaChildren.mockImplementation(async (parentId, keyword = '') => ({
    code: 200,
    msg: '',
    data: { list: (LEVELS[parentId] ?? []).filter((r) => !keyword || r.fullName.includes(keyword) || r.enCode.includes(keyword)) },
  }));
});

async function open(buttons = ['btn_add', 'btn_edit', 'btn_remove']) {
  grant(PATH, buttons);
  renderPage(AreaPage, PATH);
  await screen.findByText('北京市');
  await settle();
}

const expandRow = async (name: string) => {
  const tr = screen.getByText(name).closest('tr') as HTMLElement;
  fireEvent.click(tr.querySelector('.ant-table-row-expand-icon') as HTMLElement);
  await settle();
};

test('AREA-004: the provinces first, each level asked for when it opens; the keyword filters the provinces', async () => {
  await open();
  expect(m.getAreaChildren).toHaveBeenCalledTimes(1);
  expect(m.getAreaChildren).toHaveBeenLastCalledWith('-1', '');
  expect(screen.queryByText('市辖区')).toBeNull();
  await expandRow('北京市');
  expect(m.getAreaChildren).toHaveBeenLastCalledWith('110000', '');
  await screen.findByText('市辖区');
  const keyword = screen.getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: '河北' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(m.getAreaChildren).toHaveBeenLastCalledWith('-1', '河北'));
  await waitFor(() => expect(screen.queryByText('北京市')).toBeNull());
  fireEvent.click(buttonNamed('重置'));
  await screen.findByText('北京市');
});

test('AREA-003: the state after confirmation, then every opened level again', async () => {
  m.toggleArea.mockResolvedValue({ code: 200, msg: '更新成功', data: null });
  await open();
  await expandRow('北京市');
  await screen.findByText('市辖区');
  m.getAreaChildren.mockClear();
  fireEvent.click(stateSwitch('市辖区'));
  await settle();
  expect(confirmation().textContent).toContain('您确定要禁用当前区域, 是否继续?');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(m.toggleArea).toHaveBeenCalledWith('110100'));
  await waitFor(() => expect(m.getAreaChildren.mock.calls.map((c) => c[0]).sort()).toEqual(['-1', '110000']));
  expect(screen.getByText('市辖区')).toBeTruthy(); // still open
});

test('the core refuses an empty area form and a code that is not digits, before any request; 新建下级 starts below the row', async () => {
  m.getAreaByIds.mockResolvedValue({ code: 200, msg: '', data: [['北京市']] });
  await open();
  fireEvent.click(buttonNamed(/^新建$/));
  await settle();
  const form = formDialog('qm-area-form');
  fireEvent.click(buttonNamed('确定', form));
  await settle();
  for (const text of ['请选择区域上级', '请输入区域名称', '请输入区域编码']) expect(within(form).getByText(text)).toBeTruthy();
  fireEvent.change(within(form).getByLabelText('区域编码'), { target: { value: '11a' } });
  await settle();
  expect(within(form).getByText('区域编码只能是数字')).toBeTruthy();
  expect(m.createArea).not.toHaveBeenCalled();
  fireEvent.click(buttonNamed('取消', form));
  await settle();
  fireEvent.click(buttonNamed('新建下级 北京市'));
  await settle();
  await waitFor(() => expect(m.getAreaByIds).toHaveBeenCalledWith([['110000']]));
});
