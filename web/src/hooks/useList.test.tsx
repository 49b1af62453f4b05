// The list hook every list screen uses (HTTP-015 and spec 01 §9's paging), and its search bar
// and table props, against a fake server that answers as the real one does.
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, Table } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import type { Envelope, Page } from '@/api/request';
import { ListSearch, listTableProps } from '@/components/ListSearch';
import { initI18n } from '@/i18n';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, useList, type ListQuery } from './useList';

beforeAll(() => initI18n('zh-CN'));

interface Row {
  id: number;
  name: string;
}
type Query = ListQuery & { enabled?: number };

const ROWS: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: i % 2 ? `张${i + 1}` : `李${i + 1}` }));

/** Answers like the server: keyword filters names, then the page is cut out. */
function answer(q: Query, rows = ROWS): Envelope<Page<Row>> {
  const found = rows.filter((r) => !q.keyword || r.name.includes(q.keyword));
  const start = (q.currentPage - 1) * q.pageSize;
  return { code: 200, msg: '', data: { list: found.slice(start, start + q.pageSize), pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: found.length } } };
}

/** A fetch whose answers the test releases one by one. */
function deferredServer() {
  const calls: { query: Query; resolve: (v: Envelope<Page<Row>>) => void; reject: (e: unknown) => void }[] = [];
  const fetchPage = jest.fn(
    (query: Query) =>
      new Promise<Envelope<Page<Row>>>((resolve, reject) => {
        calls.push({ query, resolve, reject });
      }),
  );
  return { calls, fetchPage };
}

const names = (rows: Row[]) => rows.map((r) => r.id);

test('the first page: currentPage 1, pageSize 20, no keyword, the filters given; loading until it arrives', async () => {
  const { calls, fetchPage } = deferredServer();
  const { result } = renderHook(() => useList<Row, { enabled?: number }>(fetchPage, { filters: { enabled: 1 } }));
  expect(DEFAULT_PAGE_SIZE).toBe(20);
  expect(fetchPage).toHaveBeenCalledTimes(1);
  expect(calls[0].query).toEqual({ currentPage: 1, pageSize: 20, keyword: '', enabled: 1 });
  expect(result.current.loading).toBe(true);
  expect(result.current.empty).toBe(false); // nothing arrived yet: not "no data"
  await act(async () => calls[0].resolve(answer(calls[0].query)));
  expect(result.current.loading).toBe(false);
  expect(names(result.current.list)).toEqual(names(ROWS.slice(0, 20)));
  expect(result.current.total).toBe(45);
});

test('typing asks nothing; search (Enter) applies the trimmed keyword from page 1; reset clears keyword and filters', async () => {
  const fetchPage = jest.fn(async (q: Query) => answer(q));
  const { result } = renderHook(() => useList<Row, { enabled?: number }>(fetchPage, { filters: { enabled: 1 } }));
  await waitFor(() => expect(result.current.loading).toBe(false));
  act(() => result.current.changePage(2));
  await waitFor(() => expect(result.current.query.currentPage).toBe(2));
  act(() => result.current.setKeyword('  张 '));
  expect(fetchPage).toHaveBeenCalledTimes(2);
  act(() => result.current.search());
  await waitFor(() => expect(result.current.loading).toBe(false));
  expect(fetchPage).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '张', enabled: 1 });
  expect(result.current.total).toBe(22);
  act(() => result.current.setFilters({ enabled: 0 }));
  await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '张', enabled: 0 }));
  act(() => result.current.reset());
  await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', enabled: 1 }));
  expect(result.current.keyword).toBe('');
  await waitFor(() => expect(result.current.total).toBe(45));
});

test('refresh asks again for the same page; paging and a new page size (which starts at page 1)', async () => {
  const fetchPage = jest.fn(async (q: Query) => answer(q));
  const { result } = renderHook(() => useList<Row>(fetchPage));
  await waitFor(() => expect(result.current.loading).toBe(false));
  act(() => result.current.changePage(3));
  await waitFor(() => expect(names(result.current.list)).toEqual([41, 42, 43, 44, 45]));
  act(() => result.current.refresh());
  await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
  expect(fetchPage).toHaveBeenLastCalledWith({ currentPage: 3, pageSize: 20, keyword: '' });
  act(() => result.current.changePage(3, 50));
  await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 50, keyword: '' }));
  await waitFor(() => expect(result.current.list).toHaveLength(45));
});

test('HTTP-015: a failed load only stops the loading indicator; the rows shown stay', async () => {
  const { calls, fetchPage } = deferredServer();
  const { result } = renderHook(() => useList<Row>(fetchPage));
  await act(async () => calls[0].resolve(answer(calls[0].query)));
  act(() => result.current.changePage(2));
  expect(result.current.loading).toBe(true);
  await act(async () => calls[1].reject({ code: 500, msg: '系统异常', data: null }));
  expect(result.current.loading).toBe(false);
  expect(names(result.current.list)).toEqual(names(ROWS.slice(0, 20)));
  expect(result.current.total).toBe(45);
});

test('only the latest answer is shown, whatever order they arrive in', async () => {
  const { calls, fetchPage } = deferredServer();
  const { result } = renderHook(() => useList<Row>(fetchPage));
  act(() => result.current.search('张'));
  await act(async () => calls[1].resolve(answer(calls[1].query)));
  await act(async () => calls[0].resolve(answer(calls[0].query))); // the first, slower answer
  expect(result.current.query.keyword).toBe('张');
  expect(result.current.list.every((r) => r.name.includes('张'))).toBe(true);
  expect(result.current.loading).toBe(false);
});

test('an empty answer is the empty state; a page emptied elsewhere moves back to the last page', async () => {
  let rows = ROWS;
  const fetchPage = jest.fn(async (q: Query) => answer(q, rows));
  const { result } = renderHook(() => useList<Row>(fetchPage));
  await waitFor(() => expect(result.current.loaded).toBe(true));
  act(() => result.current.search('nobody'));
  await waitFor(() => expect(result.current.empty).toBe(true));
  act(() => result.current.reset());
  await waitFor(() => expect(result.current.empty).toBe(false));
  act(() => result.current.changePage(3));
  await waitFor(() => expect(result.current.list).toHaveLength(5));
  rows = ROWS.slice(0, 30); // someone deleted the last rows
  act(() => result.current.refresh());
  await waitFor(() => expect(result.current.query.currentPage).toBe(2));
  await waitFor(() => expect(names(result.current.list)).toEqual(names(ROWS.slice(20, 30))));
  expect(result.current.empty).toBe(false);
});

/** A button by its text (getByRole is slow on a table this size in jsdom). */
function button(text: RegExp): HTMLElement {
  const found = screen.getByText(text).closest('button');
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

function Screen({ fetchPage }: { fetchPage: (q: Query) => Promise<Envelope<Page<Row>>> }) {
  const { t } = useTranslation();
  const list = useList<Row>(fetchPage);
  return (
    <>
      <ListSearch list={list} />
      <Table<Row> {...listTableProps(list, t)} rowKey="id" columns={[{ key: 'name', dataIndex: 'name', title: '名称' }]} />
    </>
  );
}

jest.setTimeout(60_000);

test('the search bar: Enter searches, 重置 and 刷新 ask again; the table offers 20/50/100/500 and says 暂无数据', async () => {
  const fetchPage = jest.fn(async (q: Query) => answer(q));
  render(
    <ConfigProvider locale={zhCN}>
      <Screen fetchPage={fetchPage} />
    </ConfigProvider>,
  );
  await screen.findByText('李1');
  const box = screen.getByLabelText('关键词');
  expect(box.getAttribute('type')).toBe('search');
  fireEvent.change(box, { target: { value: '张2' } });
  expect(fetchPage).toHaveBeenCalledTimes(1);
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '张2' }));
  await waitFor(() => expect(screen.queryByText('李1')).toBeNull());
  expect(screen.getByText('共 6 条')).toBeTruthy(); // 张2, 张20, 张22, 张24, 张26, 张28

  fireEvent.change(box, { target: { value: 'nobody' } });
  fireEvent.click(button(/查\s*询/));
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();

  fireEvent.click(button(/重\s*置/));
  await screen.findByText('李1');
  expect((box as HTMLInputElement).value).toBe('');
  const before = fetchPage.mock.calls.length;
  fireEvent.click(screen.getByLabelText('刷新'));
  await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(before + 1));

  // The size changer lists the spec's sizes.
  fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select')!.querySelector('input, .ant-select-selector')!);
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  expect(PAGE_SIZES).toEqual([20, 50, 100, 500]);
  const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
  expect(options).toEqual(['20 条/页', '50 条/页', '100 条/页', '500 条/页']);
});
