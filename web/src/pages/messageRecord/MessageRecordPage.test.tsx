// 消息记录 (MSG-001, MSG-018, MSG-021) with the real HTTP client against a fake message server
// (only `fetch` is fake).
import { inZone } from '@/utils/clock';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { buttonNamed, confirmation, renderPage } from '@/test/renderPage';
import { fakeFetch, page, type Call } from '@/test/fakeFetch';
import MessageRecordPage from './MessageRecordPage';

jest.setTimeout(60_000);

type Row = { id: string; title: string; type: number; flowType: number; releaseUser: string; releaseTime: number; isRead: string };
let rows: Row[];
let calls: Call[];

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  rows = [
    { id: 'r1', title: '电梯检修通知', type: 3, flowType: 0, releaseUser: '管理员/admin', releaseTime: 1_767_312_000_000, isRead: '0' },
    { id: 'r2', title: '系统升级', type: 1, flowType: 0, releaseUser: '', releaseTime: 1_767_311_000_000, isRead: '1' },
  ];
  calls = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({
      list: [{ id: 't', enCode: 'msgSourceType', fullName: '消息来源', dictionaryList: ['系统', '流程', '公告', '日程'].map((fullName, i) => ({ id: `s${i}`, enCode: String(i + 1), fullName, enabledMark: 1 })) }],
    }),
    'GET /api/message': ({ query }) => {
      const list = rows.filter((r) => (!query.keyword || r.title.includes(query.keyword)) && (!query.type || String(r.type) === query.type) && (!query.isRead || r.isRead === query.isRead));
      return page(list.map((r) => ({ ...r })), Number(query.currentPage), Number(query.pageSize));
    },
    'DELETE /api/message/Record': ({ body }) => {
      const ids = String((body as { ids: string }).ids).split(',');
      rows = rows.filter((r) => !ids.includes(r.id));
      return null;
    },
  });
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

const listCalls = () => calls.filter((c) => c.path === '/api/message');

test('MSG-001, MSG-018, CONST-006: the records, newest first, with the type by name, the read state and the release time as YYYY-MM-DD HH:mm; the keyword on Enter', async () => {
  renderPage(MessageRecordPage, '/messageRecord');
  await screen.findByText('电梯检修通知');
  await settle();
  expect(listCalls()[0].query).toEqual({ currentPage: '1', pageSize: '20', keyword: '', type: '', isRead: '', sort: 'desc' });
  const first = screen.getByText('电梯检修通知').closest('tr') as HTMLElement;
  expect(first.textContent).toContain('公告');
  expect(first.textContent).toContain('未读');
  const shown = [...first.querySelectorAll('td')].map((td) => td.textContent);
  expect(shown).toContain(inZone(1_767_312_000_000).format('YYYY-MM-DD HH:mm'));
  expect((screen.getByText('系统升级').closest('tr') as HTMLElement).textContent).toContain('已读');
  const keyword = screen.getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: '系统' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(screen.queryByText('电梯检修通知')).toBeNull());
  expect(listCalls().at(-1)!.query.keyword).toBe('系统');
});

test('MSG-021: a record is deleted after confirmation, as {ids: "id,…"}', async () => {
  renderPage(MessageRecordPage, '/messageRecord');
  await screen.findByText('电梯检修通知');
  await settle();
  fireEvent.click(buttonNamed('删除 电梯检修通知'));
  await settle();
  expect(confirmation().textContent).toContain('此操作将永久删除所选消息记录');
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(buttonNamed(/^确\s*定$/, confirmation()));
  await waitFor(() => expect(screen.queryByText('电梯检修通知')).toBeNull());
  expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({ ids: 'r1' });
  expect(screen.getByText('系统升级')).toBeTruthy();
});
