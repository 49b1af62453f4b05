// The home page with portals (issue 31, jnpf-wire-engine2.md §2.4, §2.5) with the real HTTP
// client against a fake server: a user with a default portal sees it (auth asked with the
// current application); its cards draw — text, data board, to-do (0, said honestly), notices,
// a bar chart from a data interface's Preview and a pie chart from static points; an unlocked
// portal keeps the user's moved cards (Custom/Save), a locked one does not; a path portal
// shows its page or address; when the portal cannot be shown the built-in dashboard does;
// 切换门户 sets the default and the home page follows; a portal menu (type 8) shows its portal.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { useSocket } from '@/stores/socket';
import { useUser } from '@/stores/user';
import { grid } from '@/test/portalMocks';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import { renderPage } from '@/test/renderPage';
import Home from './Home';
import PortalPage from './PortalPage';

jest.mock('./portal/EChart', () => require('@/test/portalMocks').echartsMock());
jest.mock('react-grid-layout', () => require('@/test/portalMocks').gridMock());

jest.setTimeout(60_000);

const SYSTEM = 'sys-main';
const DESIGN = {
  layoutId: 106,
  refresh: { autoRefresh: false, autoRefreshTime: '5' },
  layout: [
    { i: 100, x: 0, y: 0, w: 4, h: 3, jnpfKey: 'text', title: '院训', visibility: ['pc', 'app'], option: { styleType: 1, defaultValue: '厚德 精医' } },
    { i: 101, x: 4, y: 0, w: 8, h: 4, jnpfKey: 'dataBoard', title: '今日数据', visibility: ['pc', 'app'], option: { rowNumber: 2, defaultValue: [
      { id: 't1', fullName: '门诊人次', unit: '人', num: 1520, dataType: 'static' },
      { id: 't2', fullName: '住院人数', unit: '人', num: 0, dataType: 'dynamic', propsApi: 'di-beds' },
    ] } },
    { i: 102, x: 0, y: 4, w: 6, h: 4, jnpfKey: 'todo', title: '我的待办', visibility: ['pc', 'app'], option: { defaultValue: [{ id: 'toBeReviewed', fullName: '流程待办' }, { id: 'flowDone', fullName: '流程已办' }] } },
    { i: 103, x: 6, y: 4, w: 6, h: 8, jnpfKey: 'barChart', title: '月度门诊', visibility: ['pc', 'app'], dataType: 'dynamic', propsApi: 'di-visits', option: { styleType: 1 } },
    { i: 104, x: 0, y: 8, w: 6, h: 8, jnpfKey: 'pieChart', title: '科室占比', visibility: ['pc', 'app'], dataType: 'static', option: { styleType: 2, defaultValue: [{ name: '内科', value: 40 }, { name: '外科', value: 60 }] } },
    { i: 105, x: 0, y: 16, w: 12, h: 8, jnpfKey: 'notice', title: '公告通知', visibility: ['pc', 'app'], option: { noticeCount: 5 } },
    { i: 106, x: 0, y: 24, w: 12, h: 8, jnpfKey: 'mapChart', title: '地图', visibility: ['pc'] },
    { i: 107, x: 0, y: 32, w: 12, h: 8, jnpfKey: 'iframe', title: '仅APP', visibility: ['app'] },
  ],
};

let auth: Record<string, unknown> | null;
let calls: Call[];
let defaultSet: string[];

function signIn(portalId: string) {
  useUser.setState({
    userInfo: { userId: 'me', userName: '张医生', portalId, systemIds: [{ id: 'other', currentSystem: false }, { id: SYSTEM, currentSystem: true }] } as never,
    sysConfig: { title: '启明' } as never,
    menus: [],
    routes: [],
  });
}

beforeEach(async () => {
  await initI18n('zh-CN');
  useSocket.setState({ messageUnread: 0, pushes: 0 });
  grid.props = {};
  auth = { type: 0, linkType: 0, customUrl: '', enabledLock: 0, formData: JSON.stringify(DESIGN) };
  defaultSet = [];
  signIn('p1');
  calls = fakeFetch({
    'GET /api/visualdev/Portal/Selector': () => ({ list: [{ id: 'c1', fullName: '首页门户', children: [{ id: 'p1', fullName: '门诊首页' }, { id: 'p2', fullName: '运营分析' }] }] }),
    'PUT /api/visualdev/Portal/{id}/Actions/SetDefault': ({ params }) => {
      defaultSet.push(params.id);
      return null;
    },
    'PUT /api/visualdev/Portal/Custom/Save/{id}': () => null,
    'GET /api/visualdev/Portal/{id}/auth': ({ params }) => (auth === null ? envelope(400, '门户已被禁用') : params.id === 'p2' ? { type: 1, linkType: 1, customUrl: 'https://bi.hospital.local/', enabledLock: 1, formData: '' } : auth),
    'POST /api/system/DataInterface/{id}/Actions/Preview': ({ params }) =>
      params.id === 'di-visits'
        ? [{ name: '1月', type: '门诊量', value: 1200 }, { name: '2月', type: '门诊量', value: 1350 }]
        : [{ value: 86 }],
    'GET /api/message': ({ query }) => page(query.type === '3' ? [{ id: 'n1', title: '消防演练通知', type: 3, releaseTime: 1_767_312_000_000, isRead: '0' }] : [], 1, Number(query.pageSize)),
    'GET /api/system/Schedule': () => ({ list: [] }),
  });
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

const card = (key: string) => screen.getByTestId(`portal-card-${key}`);

test('the default portal: auth asked for the current application, every PC card drawn with its data', async () => {
  renderPage(Home, '/home');
  await settle();
  const asked = calls.find((c) => c.path === '/api/visualdev/Portal/p1/auth')!;
  expect(asked.query).toEqual({ platform: 'Web', systemId: SYSTEM });
  expect(screen.queryByTestId('home-dashboard')).toBeNull();

  expect(within(card('text')).getByText('厚德 精医')).toBeTruthy();
  const board = card('dataBoard');
  expect(within(board).getByText('门诊人次')).toBeTruthy();
  expect(within(board).getByText('1520')).toBeTruthy();
  expect(within(board).getByText('86')).toBeTruthy();
  expect(within(card('todo')).getAllByText('0')).toHaveLength(2);
  expect(within(card('todo')).getByText('工作流尚未启用，暂无待办')).toBeTruthy();
  expect(within(card('notice')).getByText('消防演练通知')).toBeTruthy();
  // The bar chart from its interface's Preview, the pie chart from its static points.
  expect(within(card('barChart')).getByTestId('portal-chart').textContent).toBe(JSON.stringify([['bar', '门诊量', [1200, 1350]]]));
  expect(within(card('pieChart')).getByTestId('portal-chart').textContent).toBe(JSON.stringify([['pie', '', [{ name: '内科', value: 40 }, { name: '外科', value: 60 }]]]));
  const previews = calls.filter((c) => c.path.endsWith('/Actions/Preview')).map((c) => c.path).sort();
  expect(previews).toEqual(['/api/system/DataInterface/di-beds/Actions/Preview', '/api/system/DataInterface/di-visits/Actions/Preview']);
  // The map is a card not drawn yet: it says so; the App-only card is not on the PC.
  expect(within(card('mapChart')).getByText('“mapChart”卡片暂不支持显示')).toBeTruthy();
  expect(screen.queryByTestId('portal-card-iframe')).toBeNull();
  // The grid: 12 columns of 40 px rows, the definition's positions.
  expect(grid.props.gridConfig).toMatchObject({ cols: 12, rowHeight: 40 });
  expect(grid.props.layout.find((l: { i: string }) => l.i === '103')).toMatchObject({ x: 6, y: 4, w: 6, h: 8 });
});

test('an unlocked portal keeps the user’s moved cards; nothing is saved when nothing moved', async () => {
  renderPage(Home, '/home');
  await settle();
  expect(grid.props.dragConfig.enabled).toBe(true);
  act(() => grid.props.onDragStop(grid.props.layout));
  await settle();
  expect(calls.filter((c) => c.path.startsWith('/api/visualdev/Portal/Custom/Save'))).toHaveLength(0);
  const moved = grid.props.layout.map((l: { i: string }) => (l.i === '100' ? { ...l, x: 8, y: 1 } : l));
  act(() => grid.props.onDragStop(moved));
  await settle();
  const save = calls.find((c) => c.path === '/api/visualdev/Portal/Custom/Save/p1')!;
  const body = save.body as { formData: string; systemId: string };
  expect(body.systemId).toBe(SYSTEM);
  const kept = JSON.parse(body.formData);
  expect(kept.layoutId).toBe(106);
  expect(kept.layout[0]).toMatchObject({ i: 100, x: 8, y: 1, w: 4, h: 3, jnpfKey: 'text', option: { defaultValue: '厚德 精医' } });
  expect(kept.layout).toHaveLength(8);
});

test('a locked portal cannot be moved', async () => {
  auth = { ...auth!, enabledLock: 1 };
  renderPage(Home, '/home');
  await settle();
  expect([grid.props.dragConfig.enabled, grid.props.resizeConfig.enabled]).toEqual([false, false]);
});

test('a portal that cannot be shown leaves the built-in dashboard under a note', async () => {
  auth = null;
  renderPage(Home, '/home');
  await settle();
  expect(screen.getByText('默认门户暂时无法显示，已为您显示内置首页')).toBeTruthy();
  expect(screen.getByTestId('home-dashboard')).toBeTruthy();
});

test('without a default portal: the dashboard; 切换门户 sets one and the home page shows it', async () => {
  signIn('');
  renderPage(Home, '/home');
  await settle();
  expect(screen.getByTestId('home-dashboard')).toBeTruthy();
  fireEvent.click(screen.getByText('切换门户'));
  await settle();
  expect(calls.find((c) => c.path === '/api/visualdev/Portal/Selector')!.query).toEqual({ platform: 'Web', type: '1' });
  fireEvent.click(screen.getByText('运营分析'));
  await settle();
  expect(defaultSet).toEqual(['p2']);
  expect(calls.find((c) => c.path === '/api/visualdev/Portal/p2/Actions/SetDefault')!.query).toEqual({ platform: 'Web' });
  expect(useUser.getState().userInfo?.portalId).toBe('p2');
  // p2 is an external address: shown in a frame.
  await waitFor(() => expect(screen.getByTestId('portal-frame').getAttribute('src')).toBe('https://bi.hospital.local/'));
});

test('a path portal of a page shows the page; a portal menu shows its portal', async () => {
  auth = { type: 1, linkType: 0, customUrl: 'nowhere/page', enabledLock: 1, formData: '' };
  const first = renderPage(Home, '/home');
  await settle();
  expect(screen.getByText('页面“nowhere/page”不存在')).toBeTruthy();
  first.unmount();
  auth = { type: 0, linkType: 0, customUrl: '', enabledLock: 1, formData: JSON.stringify(DESIGN) };
  renderPage(() => <PortalPage portalId="p1" />, '/portal/opshome');
  await settle();
  expect(within(card('text')).getByText('厚德 精医')).toBeTruthy();
});
