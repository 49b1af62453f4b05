// The one list page (ListPage, manageColumns, RowsTable) against a fake paged server: the
// keyword (Enter and 查询), 重置, 刷新, paging with 20/50/100/500, loading and empty states, 新建
// only when the page gives it, 状态 and 操作 with their permissions and confirmations
// (CONST-002, CONST-003), and the drawers' unpaged table.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import type { Envelope, Page } from '@/api/request';
import { useList, type ListQuery } from '@/hooks/useList';
import { initI18n } from '@/i18n';
import { buttonNamed, confirmation, stateSwitch } from '@/test/renderPage';
import { ListPage, RowsTable, useSelection } from './ListPage';
import { creatorTimeColumn, manageColumns, sortCodeColumn } from './listColumns';
import { useConfirm } from './useConfirm';

beforeAll(() => initI18n('zh-CN'));
jest.setTimeout(30_000);

interface Row {
  id: string;
  fullName: string;
  sortCode: number;
  enabledMark: number;
  creatorTime: number;
}
const ROWS: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: `r${i + 1}`, fullName: `记录${i + 1}`, sortCode: i, enabledMark: i % 2, creatorTime: i === 0 ? 1_700_000_000_000 : 0 }));

function answer(q: ListQuery, rows = ROWS): Envelope<Page<Row>> {
  const found = rows.filter((r) => !q.keyword || r.fullName.includes(q.keyword));
  const start = (q.currentPage - 1) * q.pageSize;
  return { code: 200, msg: '', data: { list: found.slice(start, start + q.pageSize), pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: found.length } } };
}

const ok = (msg: string) => Promise.resolve({ code: 200, msg, data: null });

interface Calls {
  fetch: jest.Mock;
  toggle: jest.Mock;
  update: jest.Mock;
  remove: jest.Mock;
  edit: jest.Mock;
  add: jest.Mock;
}

function Screen({ calls, granted, byUpdate }: { calls: Calls; granted: string[]; byUpdate?: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const list = useList<Row>(calls.fetch);
  const can = (code: string) => granted.includes(code);
  return (
    <ListPage<Row>
      list={list}
      onAdd={can('btn_add') ? calls.add : undefined}
      columns={[
        { key: 'fullName', title: '名称', dataIndex: 'fullName' },
        creatorTimeColumn(t),
        sortCodeColumn(t),
        ...manageColumns<Row>({
          t,
          confirm,
          can,
          what: '记录',
          ...(byUpdate ? { update: calls.update } : { toggle: calls.toggle }),
          remove: calls.remove,
          onEdit: calls.edit,
          done: list.refresh,
          actionsWidth: 150,
        }),
      ]}
    />
  );
}

function mount(granted = ['btn_add', 'btn_edit', 'btn_remove'], byUpdate = false, fetch?: jest.Mock) {
  const calls: Calls = {
    fetch: fetch ?? jest.fn(async (q: ListQuery) => answer(q)),
    toggle: jest.fn(() => ok('更新成功')),
    update: jest.fn(() => ok('更新成功')),
    remove: jest.fn(() => ok('删除成功')),
    edit: jest.fn(),
    add: jest.fn(),
  };
  render(
    <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true }}>
      <App>
        <Screen calls={calls} granted={granted} byUpdate={byUpdate} />
      </App>
    </ConfigProvider>,
  );
  return calls;
}

const keywordBox = () => screen.getByLabelText('关键词') as HTMLInputElement;
const lastQuery = (calls: Calls) => calls.fetch.mock.calls[calls.fetch.mock.calls.length - 1][0] as ListQuery;

test('the first page of 20 with the total; Enter and 查询 apply the keyword from page 1; 重置 clears it; 刷新 asks again', async () => {
  const calls = mount();
  await screen.findByText('记录20');
  expect(lastQuery(calls)).toEqual({ currentPage: 1, pageSize: 20, keyword: '' });
  expect(screen.queryByText('记录21')).toBeNull();
  expect(screen.getByText('共 45 条')).toBeTruthy();

  fireEvent.change(keywordBox(), { target: { value: ' 记录4 ' } });
  expect(calls.fetch).toHaveBeenCalledTimes(1); // typing asks nothing
  fireEvent.keyDown(keywordBox(), { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
  await waitFor(() => expect(lastQuery(calls).keyword).toBe('记录4'));
  await screen.findByText('记录45');
  expect(screen.queryByText('记录3')).toBeNull();

  fireEvent.change(keywordBox(), { target: { value: '记录1' } });
  fireEvent.click(buttonNamed('查询'));
  await waitFor(() => expect(lastQuery(calls)).toEqual({ currentPage: 1, pageSize: 20, keyword: '记录1' }));

  fireEvent.click(buttonNamed('重置'));
  await waitFor(() => expect(lastQuery(calls).keyword).toBe(''));
  expect(keywordBox().value).toBe('');

  const before = calls.fetch.mock.calls.length;
  fireEvent.click(buttonNamed('刷新'));
  await waitFor(() => expect(calls.fetch.mock.calls.length).toBe(before + 1));
  expect(lastQuery(calls)).toEqual({ currentPage: 1, pageSize: 20, keyword: '' });
});

test('paging: page 3 asks currentPage 3; the sizes are 20/50/100/500 and a new size starts at page 1', async () => {
  const calls = mount();
  await screen.findByText('记录1');
  fireEvent.click(document.querySelector('.ant-pagination-item-3') as HTMLElement);
  await screen.findByText('记录41');
  expect(lastQuery(calls)).toMatchObject({ currentPage: 3, pageSize: 20 });
  fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select') as HTMLElement);
  const options = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    if (!found.length) throw new Error('no size options');
    return found;
  });
  expect(options).toEqual(['20 条/页', '50 条/页', '100 条/页', '500 条/页']);
  fireEvent.click(screen.getByText('50 条/页'));
  await waitFor(() => expect(lastQuery(calls)).toMatchObject({ currentPage: 1, pageSize: 50 }));
});

test('loading while the page is asked for; "no data" only after an empty page arrived', async () => {
  let release: (v: Envelope<Page<Row>>) => void = () => {};
  const fetch = jest.fn((q: ListQuery) => new Promise<Envelope<Page<Row>>>((resolve) => (release = () => resolve(answer(q, [])))));
  mount(undefined, false, fetch);
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeTruthy());
  expect(document.querySelector('.ant-empty-description')).toBeNull();
  await act(async () => release(answer({ currentPage: 1, pageSize: 20, keyword: '' }, [])));
  await waitFor(() => expect(document.querySelector('.ant-empty-description')?.textContent).toBe('暂无数据'));
  expect(document.querySelector('.ant-spin-spinning')).toBeNull();
});

test('新建, the state switch, 编辑 and 删除 only with their buttons (PERM-011); without btn_edit the state is a tag', async () => {
  mount(['btn_remove']);
  await screen.findByText('记录1');
  expect(() => buttonNamed('新建')).toThrow('0 buttons');
  expect(() => buttonNamed('编辑 记录1')).toThrow('0 buttons');
  expect(buttonNamed('删除 记录1')).toBeTruthy();
  expect(document.querySelector('.ant-switch')).toBeNull();
  const first = screen.getByText('记录2').closest('tr') as HTMLElement;
  expect(within(first).getByText('启用')).toBeTruthy();
});

test('新建 and 编辑 call the page; 创建时间 shows YYYY-MM-DD HH:mm', async () => {
  const calls = mount();
  await screen.findByText('记录1');
  fireEvent.click(buttonNamed('新建'));
  expect(calls.add).toHaveBeenCalledTimes(1);
  fireEvent.click(buttonNamed('编辑 记录2'));
  expect(calls.edit).toHaveBeenCalledWith(expect.objectContaining({ id: 'r2' }));
  const row = screen.getByText('记录1').closest('tr') as HTMLElement;
  expect(row.textContent).toMatch(/2023-11-1\d \d\d:\d\d/);
});

test('CONST-002: the switch asks first, then toggles the row and asks for the page again', async () => {
  const calls = mount();
  await screen.findByText('记录2');
  const before = calls.fetch.mock.calls.length;
  fireEvent.click(stateSwitch('记录2'));
  await screen.findByText('您确定要禁用当前记录, 是否继续?');
  expect(calls.toggle).not.toHaveBeenCalled();
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('更新成功');
  expect(calls.toggle).toHaveBeenCalledWith('r2');
  await waitFor(() => expect(calls.fetch.mock.calls.length).toBe(before + 1));
});

test('a page whose server takes the new state in an update is sent the flipped enabledMark', async () => {
  const calls = mount(undefined, true);
  await screen.findByText('记录1');
  fireEvent.click(stateSwitch('记录1'));
  await screen.findByText('您确定要启用当前记录, 是否继续?');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('更新成功');
  expect(calls.update).toHaveBeenCalledWith('r1', { enabledMark: 1 });
});

test('CONST-003: 删除 asks first, then deletes the row', async () => {
  const calls = mount();
  await screen.findByText('记录3');
  fireEvent.click(buttonNamed('删除 记录3'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('删除成功');
  expect(calls.remove).toHaveBeenCalledWith('r3');
});

test('RowsTable: no pager, loading, then the rows or "no data"', async () => {
  const { rerender } = render(<RowsTable<Row> rows={{ rows: [], loading: true, loaded: false }} columns={[{ key: 'fullName', dataIndex: 'fullName' }]} />);
  expect(document.querySelector('.ant-spin-spinning')).toBeTruthy();
  expect(document.querySelector('.ant-empty-description')).toBeNull();
  rerender(<RowsTable<Row> rows={{ rows: [], loading: false, loaded: true }} columns={[{ key: 'fullName', dataIndex: 'fullName' }]} />);
  expect(document.querySelector('.ant-empty-description')?.textContent).toBe('暂无数据');
  rerender(<RowsTable<Row> rows={{ rows: ROWS.slice(0, 30), loading: false, loaded: true }} columns={[{ key: 'fullName', dataIndex: 'fullName' }]} />);
  expect(screen.getByText('记录30')).toBeTruthy();
  expect(document.querySelector('.ant-pagination')).toBeNull();
});

function FilteredScreen({ fetch, removed }: { fetch: jest.Mock; removed: jest.Mock }) {
  const list = useList<Row, { state: string }>(fetch, { filters: { state: '' } });
  const { selected, clear, rowSelection } = useSelection();
  return (
    <ListPage<Row, { state: string }>
      list={list}
      selects={[{ name: 'state', label: '状态筛选', all: '全部状态', options: [{ value: '1', label: '启用' }, { value: '0', label: '停用' }] }]}
      header={<div className="qm-test-header">表头之上</div>}
      actions={
        <button type="button" disabled={!selected.length} onClick={() => (removed(selected), clear())}>
          删除选中
        </button>
      }
      rowSelection={rowSelection}
      columns={[{ key: 'fullName', title: '名称', dataIndex: 'fullName' }]}
    />
  );
}

test('selects: a filter of the query chosen in the bar applies at once from page 1, 重置 restores it; header stands above the table; useSelection gives the chosen ids and clears them', async () => {
  const fetch = jest.fn(async (q: ListQuery & { state: string }) => answer(q, ROWS.filter((r) => !q.state || String(r.enabledMark) === q.state)));
  const removed = jest.fn();
  render(
    <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true }}>
      <App>
        <FilteredScreen fetch={fetch} removed={removed} />
      </App>
    </ConfigProvider>,
  );
  await screen.findByText('记录1');
  expect(fetch).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', state: '' });
  const header = screen.getByText('表头之上');
  expect(header.compareDocumentPosition(document.querySelector('.ant-table') as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

  fireEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
  await screen.findByText('记录21');
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态筛选' }));
  fireEvent.click(await screen.findByTitle('停用'));
  await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', state: '0' }));
  await screen.findByText('记录1');
  expect(screen.queryByText('记录2')).toBeNull();

  const choose = (name: string) => fireEvent.click((screen.getByText(name).closest('tr') as HTMLElement).querySelector('.ant-checkbox-input') as HTMLElement);
  choose('记录1');
  choose('记录3');
  fireEvent.click(screen.getByText('删除选中'));
  expect(removed).toHaveBeenCalledWith(['r1', 'r3']);
  expect((screen.getByText('删除选中') as HTMLButtonElement).disabled).toBe(true);

  fireEvent.click(buttonNamed('重置'));
  await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', state: '' }));
});
