// 通知公告 (MSG-022, MSG-023; jnpf-wire-areas.md §4) with the real HTTP client against a fake
// notice server (only `fetch` is fake): the list and its filters, release after confirmation
// (drafts only), the form's wire shape and the server's field refusals under the fields, the
// buttons by permission.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { buttonNamed, buttonsLabelled, confirmation, formDialog, grant, renderPage } from '@/test/renderPage';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import NoticePage from './NoticePage';
import { toWire } from './NoticeDialog';

jest.setTimeout(60_000);

const PATH = '/system/notice';
type Row = { id: string; title: string; category: string; creatorUser: string; creatorTime: number; releaseUser: string; releaseTime: number | null; expirationTime: number | null; enabledMark: number };
let rows: Row[];
let calls: Call[];

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  rows = [
    { id: 'n1', title: '电梯检修', category: '通知', creatorUser: '管理员/admin', creatorTime: 1_767_312_000_000, releaseUser: '', releaseTime: null, expirationTime: null, enabledMark: 0 },
    { id: 'n2', title: '年度体检', category: '公告', creatorUser: '管理员/admin', creatorTime: 1_767_311_000_000, releaseUser: '管理员/admin', releaseTime: 1_767_311_500_000, expirationTime: null, enabledMark: 1 },
  ];
  calls = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({
      list: [{ id: 't', enCode: 'NoticeType', fullName: '公告类型', dictionaryList: [{ id: 'a', enCode: 'notice', fullName: '通知', enabledMark: 1 }, { id: 'b', enCode: 'announcement', fullName: '公告', enabledMark: 1 }] }],
    }),
    'POST /api/message/Notice/List': ({ body }) => {
      const q = body as { keyword: string; currentPage: number; pageSize: number; enabledMark: string[] };
      const list = rows.filter((r) => (!q.keyword || r.title.includes(q.keyword)) && (!q.enabledMark.length || q.enabledMark.includes(String(r.enabledMark))));
      return page(list.map((r) => ({ ...r })), q.currentPage, q.pageSize);
    },
    'PUT /api/message/Notice/{id}/Actions/Release': ({ params }) => {
      rows.find((r) => r.id === params.id)!.enabledMark = 1;
      return envelope(200, '发布成功');
    },
    'PUT /api/message/{id}/Actions/Withdraw': ({ params }) => {
      rows.find((r) => r.id === params.id)!.enabledMark = 0;
      return envelope(200, '撤回成功');
    },
    'GET /api/message/SendMessageConfig/Selector': () => ({ list: [{ id: 'sc1', fullName: '站内消息', enCode: 'inSiteMessage', messageType: '1', description: '' }] }),
    'POST /api/message': ({ body }) => (String((body as { title: string }).title) ? envelope(200, '新建成功') : envelope(400, '公告标题不能为空', { title: ['公告标题不能为空'] })),
  });
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

async function open(buttons = ['btn_add', 'btn_edit', 'btn_remove']) {
  grant(PATH, buttons);
  renderPage(NoticePage, PATH);
  await screen.findByText('电梯检修');
  await settle();
}

/**
 * Clicks a row's `button`: the confirmation asks `question` and nothing is sent until 确定;
 * then the call ending in `path` is sent and the row shows the state `after`.
 */
async function confirmedAction(button: string, question: string, path: string, after: string) {
  fireEvent.click(buttonNamed(button));
  await settle();
  expect(confirmation().textContent).toContain(question);
  expect(calls.some((c) => c.path.endsWith(path))).toBe(false);
  fireEvent.click(buttonNamed(/^确\s*定$/, confirmation()));
  const title = button.slice(button.indexOf(' ') + 1);
  await waitFor(() => expect(within(screen.getByText(title).closest('tr') as HTMLElement).getByText(after)).toBeTruthy());
}

test('MSG-022: the notices with their state; a draft is released after confirmation, a released one offers neither 编辑 nor 发布 but 撤回 (MSG-023)', async () => {
  await open();
  expect(calls[calls.length - 1].body).toEqual({ currentPage: 1, pageSize: 20, keyword: '', type: [], enabledMark: [] });
  const draft = screen.getByText('电梯检修').closest('tr') as HTMLElement;
  expect(within(draft).getByText('草稿')).toBeTruthy();
  const released = screen.getByText('年度体检').closest('tr') as HTMLElement;
  expect(within(released).getByText('已发布')).toBeTruthy();
  expect(buttonsLabelled(/年度体检/).map((b) => b.getAttribute('aria-label'))).toEqual(['删除 年度体检', '撤回 年度体检', '查看 年度体检']);
  expect(buttonsLabelled(/电梯检修/).map((b) => b.getAttribute('aria-label'))).toEqual(['编辑 电梯检修', '删除 电梯检修', '发布 电梯检修', '查看 电梯检修']);

  await confirmedAction('发布 电梯检修', '发布后公告将立即发送给接收人', '/Actions/Release', '已发布');
  expect(calls.find((c) => c.path.endsWith('/Actions/Release'))!).toMatchObject({ method: 'PUT', path: '/api/message/Notice/n1/Actions/Release' });
});

test('a released notice is withdrawn after confirmation and shows as a draft again', async () => {
  await open();
  await confirmedAction('撤回 年度体检', '撤回后所有接收人将不再看到这条公告', '/Actions/Withdraw', '草稿');
  expect(calls.find((c) => c.path.endsWith('/Actions/Withdraw'))!).toMatchObject({ method: 'PUT', path: '/api/message/n2/Actions/Withdraw' });
});

test('PERM-011: without its buttons the page offers only 查看', async () => {
  await open([]);
  expect(screen.queryByText(/新\s*建/)).toBeNull();
  expect(buttonsLabelled(/电梯检修/).map((b) => b.getAttribute('aria-label'))).toEqual(['查看 电梯检修']);
});

test('MSG-022: 新建 posts the form to /api/message; the server’s refusal shows under its field', async () => {
  await open();
  fireEvent.click(buttonNamed(/^新\s*建$/));
  await settle();
  const dialog = formDialog('qm-notice-dialog');
  fireEvent.click(buttonNamed(/^确\s*定$/, dialog));
  await within(dialog).findByText('公告标题不能为空');
  const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/message')!;
  expect(sent.body).toEqual({ title: '', category: '', toUserIds: '', expirationTime: null, remindCategory: 1, excerpt: '', bodyText: '', files: '[]' });
});

test('MSG-024: a custom reminder (提醒方式 自定义) asks for a send configuration from SendMessageConfig/Selector and sends its id', async () => {
  await open();
  fireEvent.click(buttonNamed(/^新\s*建$/));
  await settle();
  const dialog = formDialog('qm-notice-dialog');
  expect(within(dialog).queryByText('发送配置')).toBeNull();
  fireEvent.click(within(dialog).getByLabelText('自定义'));
  await settle();
  expect(within(dialog).getByText('发送配置')).toBeTruthy();
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '发送配置' }));
  await settle();
  fireEvent.click(await screen.findByTitle('站内消息'));
  fireEvent.click(buttonNamed(/^确\s*定$/, dialog));
  await settle();
  const sent = calls.filter((c) => c.method === 'POST' && c.path === '/api/message').pop()!;
  expect(sent.body).toMatchObject({ remindCategory: 2, sendConfigId: 'sc1' });
});

test('the form’s wire shape: addressees as id--type joined by commas (none: everyone), files as JSON text, expiry in ms', () => {
  const dayjs = jest.requireActual('dayjs');
  expect(
    toWire({
      title: '通知',
      category: 'notice',
      toUserIds: ['d1--department', 'u1--user'],
      expirationTime: dayjs(1_800_000_000_000),
      remindCategory: 3,
      excerpt: '摘要',
      bodyText: '<p>x</p>',
      files: [{ name: 'a.pdf', fileId: 'f1', url: '/u' }],
    }),
  ).toEqual({
    title: '通知',
    category: 'notice',
    toUserIds: 'd1--department,u1--user',
    expirationTime: 1_800_000_000_000,
    remindCategory: 3,
    excerpt: '摘要',
    bodyText: '<p>x</p>',
    files: JSON.stringify([{ name: 'a.pdf', fileId: 'f1', url: '/u' }]),
  });
});
