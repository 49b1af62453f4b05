// The portal designer (issue 31; jnpf-wire-engine2.md §2.1 "Designer", §2.3) against a fake
// portal server (only `fetch` is fake): a bar chart dragged from the palette lands where the
// grid put it and draws its example points with the runtime's card; its title and chart keys
// are edited in the property panel; 撤销 / 重做 step through the edits; 保存 sends the partial
// save `{id, type, formData}` — the definition the runtime reads back — and the designer
// opened again shows what was saved. The checks refuse with JNPF's messages; 清空 asks first.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { parseDefinition } from '@/pages/home/portal/definition';
import { useUser } from '@/stores/user';
import { grid } from '@/test/portalMocks';
import { envelope, fakeFetch, page, type Call } from '@/test/fakeFetch';
import { buttonNamed, confirmation, renderInApp, settle } from '@/test/renderPage';
import { PortalDesigner } from './PortalDesigner';

jest.mock('@/pages/home/portal/EChart', () => require('@/test/portalMocks').echartsMock());
jest.mock('react-grid-layout', () => require('@/test/portalMocks').gridMock());

jest.setTimeout(60_000);

const TEXT_CARD = { i: 100, x: 0, y: 0, w: 4, h: 3, jnpfKey: 'text', label: '文本', title: '院训', visibility: ['pc', 'app'], option: { styleType: 1, defaultValue: '厚德 精医' } };
let stored: string;
let calls: Call[];

beforeEach(async () => {
  await initI18n('zh-CN');
  grid.props = {};
  stored = JSON.stringify({ layoutId: 101, refresh: { autoRefresh: false, autoRefreshTime: 5 }, layout: [TEXT_CARD], kept: 'x' });
  useUser.setState({ routes: [], userInfo: { isAdministrator: true } as never });
  calls = fakeFetch({
    'GET /api/visualdev/Portal/{id}': ({ params }) => ({
      id: params.id, fullName: '门诊首页', enCode: 'mz', category: 'c1', type: 0, linkType: 0, customUrl: '', appCustomUrl: '',
      enabledLock: 1, sortCode: 0, enabledMark: 1, description: '', formData: stored,
    }),
    'PUT /api/visualdev/Portal/{id}': ({ body }) => {
      stored = (body as { formData: string }).formData;
      return envelope(200, '更新成功');
    },
    'GET /api/system/System': () => ({ list: [{ id: 'sys-main', fullName: '主系统' }] }),
    'GET /api/system/DataInterface': ({ query }) =>
      page([{ id: 'di-visits', fullName: '月度门诊量', enCode: 'visits', dataType: 2, categoryId: '统计', creatorUser: 'admin', creatorTime: 0, enabledMark: 1 }].filter((r) => !query.keyword || r.fullName.includes(query.keyword)), 1, 50),
    'POST /api/system/DataInterface/{id}/Actions/Preview': () => [{ name: '1月', type: '门诊', value: 7 }, { name: '2月', type: '门诊', value: 9 }],
    'GET /api/system/Menu/Selector/All': ({ query }) => ({
      list: [{ id: `dir-${query.category}`, parentId: '-1', fullName: '门诊', enCode: 'mz', icon: '', type: 1, hasChildren: true, children: [
        { id: `m-${query.category}`, parentId: `dir-${query.category}`, fullName: `挂号${query.category}`, enCode: 'gh', icon: '', type: 2, hasChildren: false, children: [] },
      ] }],
    }),
    'GET /api/system/DictionaryData/All': () => ({
      list: [{ id: 'dt-flow', enCode: 'WorkFlowCategory', fullName: '流程分类', isTree: 0, dictionaryList: [{ id: 'wf-1', enCode: 'leave', fullName: '请假', enabledMark: 1 }, { id: 'wf-2', enCode: 'buy', fullName: '采购', enabledMark: 1 }] }],
    }),
    'GET /api/message': ({ query }) => page([{ id: 'n1', title: '消防演练通知', type: 3, releaseTime: 1_767_312_000_000, isRead: '0' }], 1, Number(query.pageSize)),
    'PUT /api/visualdev/Portal/Actions/release/{id}': () => envelope(200, '同步成功'),
  });
});

async function open(canRelease = true, onClose = jest.fn()) {
  const onSaved = jest.fn();
  const view = renderInApp(<PortalDesigner target={{ id: 'p1', released: { pc: false, app: false } }} onClose={onClose} onSaved={onSaved} canRelease={canRelease} />);
  await screen.findByText('门户设计 - 门诊首页');
  await waitFor(() => expect(screen.getAllByTestId('portal-card-text').length).toBeGreaterThan(0));
  return { onSaved, view };
}

const palette = (name: string) => within(document.querySelector('.qm-pd-palette') as HTMLElement).getByText(name);
const props = () => document.querySelector('.qm-pd-props') as HTMLElement;
const field = (label: string) => within(props()).getByLabelText(label) as HTMLInputElement;
const puts = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/visualdev/Portal/p1');

/** The text card's header gets the button 更多 linking to a `kind` (菜单 or 外链). */
async function headerLink(kind: string) {
  fireEvent.click(screen.getByLabelText('选择控件 院训'));
  await settle();
  fireEvent.change(field('右上角按钮文字'), { target: { value: '更多' } });
  await settle();
  fireEvent.mouseDown(field('链接类型'));
  await settle();
  fireEvent.click(screen.getByText(kind, { selector: '.ant-select-item-option-content' }));
  await settle();
}

/** A card dragged from the palette and dropped where the grid places it. */
async function drop(name: string, at: { x: number; y: number }) {
  fireEvent.dragStart(palette(name), { dataTransfer: { setData: () => undefined } });
  const size = grid.props.dropConfig.onDragOver({});
  act(() => grid.props.onDrop([{ i: '100', x: 0, y: 0, w: 4, h: 3 }, { i: '__dropping__', ...at, ...size }], { i: '__dropping__', ...at, ...size }, {}));
  await settle();
}

test('issue 31: a dropped bar chart draws its example points; its properties, 撤销 / 重做, 保存 sends what the runtime reads back', async () => {
  await open();
  for (const group of ['基础控件', '图表控件', '系统控件', '布局控件']) expect(screen.getByText(group)).toBeTruthy();
  expect(document.querySelectorAll('.qm-pd-palette-item')).toHaveLength(22);

  await drop('柱状图', { x: 4, y: 0 });
  // The grid was told the card's size (6×8) while it was dragged, and the card stands where it was dropped.
  expect(grid.props.layout).toEqual(expect.arrayContaining([expect.objectContaining({ i: '101', x: 4, y: 0, w: 6, h: 8 })]));
  const chart = await screen.findByTestId('portal-chart');
  expect(JSON.parse(chart.textContent!).map((s: unknown[]) => s.slice(0, 2))).toEqual([['bar', '门诊量'], ['bar', '住院量']]);

  // The new card is selected: its title and chart keys are edited.
  fireEvent.change(field('标题'), { target: { value: '月度门诊' } });
  await settle();
  expect(within(screen.getByTestId('designer-item-101')).getByText('月度门诊')).toBeTruthy();
  fireEvent.change(field('图表标题'), { target: { value: '门诊量' } });
  fireEvent.change(field('数据内容'), { target: { value: JSON.stringify([{ name: '1月', type: '门诊', value: 5 }]) } });
  await settle();
  expect(screen.getByTestId('portal-chart').textContent).toBe(JSON.stringify([['bar', '门诊', [5]]]));

  // 撤销 three times: the data, the chart title, the card title; 重做 once brings the title back.
  for (let n = 0; n < 3; n++) fireEvent.click(buttonNamed('撤销'));
  await settle();
  expect(within(screen.getByTestId('designer-item-101')).getByText('柱状图')).toBeTruthy();
  fireEvent.click(buttonNamed('重做'));
  await settle();
  expect(within(screen.getByTestId('designer-item-101')).getByText('月度门诊')).toBeTruthy();
  expect(JSON.parse(screen.getByTestId('portal-chart').textContent!)).toHaveLength(2);
  // Ctrl+Z undoes too, Ctrl+Y redoes.
  fireEvent.keyDown(document, { key: 'z', ctrlKey: true });
  await settle();
  expect(within(screen.getByTestId('designer-item-101')).getByText('柱状图')).toBeTruthy();
  fireEvent.keyDown(document, { key: 'y', ctrlKey: true });
  await settle();

  // A move on the grid is an edit too.
  act(() => grid.props.onDragStop([{ i: '100', x: 0, y: 8, w: 4, h: 3 }, { i: '101', x: 4, y: 0, w: 6, h: 8 }]));
  await settle();

  fireEvent.click(buttonNamed('保存'));
  await screen.findByText('更新成功');
  expect(puts()).toHaveLength(1);
  const body = puts()[0].body as { id: string; type: number; formData: string };
  expect(Object.keys(body).sort()).toEqual(['formData', 'id', 'type']);
  expect(body).toEqual(expect.objectContaining({ id: 'p1', type: 0 }));
  const saved = JSON.parse(body.formData);
  expect(saved.layoutId).toBe(102);
  expect(saved.kept).toBe('x'); // keys the designer does not know stay
  const bar = saved.layout.find((it: { i: number }) => it.i === 101);
  expect(bar).toEqual(
    expect.objectContaining({
      jnpfKey: 'barChart', title: '月度门诊', x: 4, y: 0, w: 6, h: 8, dataType: 'static', propsApi: '', visibility: ['pc', 'app'],
      refresh: { autoRefresh: false, autoRefreshTime: 5 },
    }),
  );
  expect(bar.option).toEqual(expect.objectContaining({ styleType: 1, seriesBarWidth: 30, legendShow: true, colorList: expect.any(Array) }));
  expect(saved.layout.find((it: { i: number }) => it.i === 100)).toEqual(expect.objectContaining({ ...TEXT_CARD, y: 8 }));
  // The runtime reads it back: both cards, the chart's points.
  const runtime = parseDefinition(body.formData);
  expect(runtime.layout.map((it) => it.jnpfKey)).toEqual(['text', 'barChart']);
});

test('issue 31: opened again, the designer shows what was saved; a click on the palette adds below the others', async () => {
  stored = JSON.stringify({ layoutId: 102, refresh: { autoRefresh: true, autoRefreshTime: 10 }, layout: [TEXT_CARD, { ...TEXT_CARD, i: 101, y: 3, title: '第二张' }] });
  await open();
  expect(screen.getByText('第二张')).toBeTruthy();
  fireEvent.click(palette('公告通知'));
  await settle();
  expect(grid.props.layout).toEqual(expect.arrayContaining([expect.objectContaining({ i: '102', x: 0, y: 6, w: 12, h: 8 })]));
  // The runtime's notice card draws the latest notices.
  await within(screen.getByTestId('designer-item-102')).findByText('消防演练通知');
  fireEvent.click(buttonNamed('保存'));
  await screen.findByText('更新成功');
  const saved = JSON.parse((puts()[0].body as { formData: string }).formData);
  expect(saved.refresh).toEqual({ autoRefresh: true, autoRefreshTime: 10 });
  expect(saved.layout.map((it: { jnpfKey: string }) => it.jnpfKey)).toEqual(['text', 'text', 'notice']);
});

test("issue 31: the designer's checks refuse a save with JNPF's messages", async () => {
  await open();
  await headerLink('外链');
  fireEvent.click(buttonNamed('保存'));
  await screen.findByText('文本控件“链接地址”属性不能为空');
  fireEvent.change(field('链接地址'), { target: { value: 'www.example.com' } });
  await settle();
  fireEvent.click(buttonNamed('保存'));
  await screen.findByText('请输入正确的链接地址');
  expect(puts()).toHaveLength(0);

  fireEvent.change(field('链接地址'), { target: { value: 'https://www.example.com/more' } });
  // An iframe without its address.
  fireEvent.click(palette('iframe'));
  await settle();
  fireEvent.change(field('链接地址'), { target: { value: '' } });
  await settle();
  fireEvent.click(buttonNamed('保存'));
  await screen.findByText('iframe控件“链接地址”属性不能为空');
  expect(puts()).toHaveLength(0);
});

test('issue 31: 清空 asks first and can be undone; 保存并发布 saves, then releases', async () => {
  await open();
  fireEvent.click(buttonNamed('清空'));
  await screen.findByText('确定要清空所有吗？');
  expect(screen.getByTestId('portal-card-text')).toBeTruthy();
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(screen.queryByTestId('portal-card-text')).toBeNull());
  fireEvent.click(buttonNamed('撤销'));
  await waitFor(() => expect(screen.getAllByTestId('portal-card-text').length).toBeGreaterThan(0));

  fireEvent.click(buttonNamed('保存并发布'));
  await screen.findByText('同步门户');
  expect(puts()).toHaveLength(1);
  const dialog = document.querySelector('.qm-portal-release') as HTMLElement;
  fireEvent.click(buttonNamed('确定', dialog));
  expect((await within(dialog).findAllByText('应用不能为空')).length).toBe(2);
  for (const id of ['release-pc', 'release-app']) {
    fireEvent.mouseDown(dialog.querySelector(`#${id}`)!);
    await settle();
    const options = [...document.querySelectorAll('.ant-select-item-option-content')].filter((o) => o.textContent === '主系统');
    fireEvent.click(options[options.length - 1]);
    await settle();
  }
  fireEvent.click(buttonNamed('确定', dialog));
  await screen.findByText('发布确定后会覆盖当前线上版本且进行门户同步，是否继续？');
  fireEvent.click(buttonNamed('确定', confirmation()));
  await screen.findByText('同步成功');
  const release = calls.find((c) => c.path === '/api/visualdev/Portal/Actions/release/p1')!;
  expect(release.body).toEqual({ pc: 1, app: 1, pcModuleParentId: ['sys-main'], appModuleParentId: ['sys-main'], pcSystemId: 'sys-main', appSystemId: 'sys-main' });
});

test('issue 31: 预览 shows the draft as the home page does', async () => {
  await open(false);
  expect(() => buttonNamed('保存并发布')).toThrow();
  fireEvent.click(buttonNamed('预览'));
  const preview = await waitFor(() => {
    const found = document.querySelector('.qm-pd-preview') as HTMLElement | null;
    if (!found) throw new Error('no preview');
    return found;
  });
  await within(preview).findByText('厚德 精医');
  expect(within(preview).getByTestId('portal-grid').getAttribute('data-movable')).toBe('0');
});

test('issue 31: a chart over a data interface — chosen by name, kept by id, its Preview draws the card', async () => {
  await open();
  await drop('折线图', { x: 4, y: 0 });
  fireEvent.click(within(props()).getByLabelText('远端数据'));
  await settle();
  expect(calls.some((c) => c.path.endsWith('/Actions/Preview'))).toBe(false);
  fireEvent.mouseDown(field('数据接口'));
  await settle();
  fireEvent.click(await screen.findByText('月度门诊量', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(screen.getByTestId('portal-chart').textContent).toBe(JSON.stringify([['line', '门诊', [7, 9]]])));
  expect(calls.filter((c) => c.path.endsWith('/Actions/Preview')).map((c) => c.path)).toEqual(['/api/system/DataInterface/di-visits/Actions/Preview']);
  // One edit: 撤销 once forgets the interface, not half of it.
  fireEvent.click(buttonNamed('撤销'));
  await settle();
  fireEvent.click(buttonNamed('重做'));
  await settle();
  fireEvent.click(buttonNamed('保存'));
  await screen.findByText('更新成功');
  const line = JSON.parse((puts()[0].body as { formData: string }).formData).layout.find((it: { jnpfKey: string }) => it.jnpfKey === 'lineChart');
  expect(line).toEqual(expect.objectContaining({ dataType: 'dynamic', propsApi: 'di-visits', propsName: '月度门诊量' }));
});

test('issue 31: every card of the palette is added with its property panel, and drawn by the runtime', async () => {
  await open();
  const names = [...document.querySelectorAll('.qm-pd-palette-item')].map((b) => b.textContent!);
  for (const [n, name] of names.entries()) {
    fireEvent.click(palette(name));
    await settle();
    expect(within(props()).getAllByDisplayValue(name).map((e) => (e as HTMLInputElement).disabled)).toEqual([true, false]); // 控件类型, 标题
    expect(within(screen.getByTestId(`designer-item-${101 + n}`)).getByText(name)).toBeTruthy(); // its title
  }
  expect(grid.props.layout).toHaveLength(23);
});

test('issue 31: the header link — a menu for the Web (from the Web menus), an external address for the App', async () => {
  await open();
  await headerLink('菜单');
  fireEvent.mouseDown(field('菜单名称'));
  fireEvent.click(await screen.findByTitle('挂号Web'));
  await settle();
  // 链接端 App (beside the visibility's App box).
  fireEvent.click(within(props()).getAllByLabelText('App').find((e) => (e as HTMLInputElement).type === 'radio')!);
  await settle();
  fireEvent.mouseDown(field('链接类型'));
  await settle();
  const options = [...document.querySelectorAll('.ant-select-item-option-content')].filter((o) => o.textContent === '外链');
  fireEvent.click(options[options.length - 1]);
  await settle();
  fireEvent.change(field('链接地址'), { target: { value: 'https://m.example.com/more' } });
  await settle();
  fireEvent.click(buttonNamed('保存'));
  await screen.findByText('更新成功');
  const text = JSON.parse((puts()[0].body as { formData: string }).formData).layout[0];
  expect(text.card).toEqual(
    expect.objectContaining({ cardRightBtn: '更多', linkType: '1', moduleId: 'm-Web', type: 2, appLinkType: '2', appUrlAddress: 'https://m.example.com/more' }),
  );
  expect(calls.filter((c) => c.path === '/api/system/Menu/Selector/All').map((c) => c.query.category)).toEqual(['Web']);
});

test('issue 31: 常用功能 takes menu shortcuts; 我的待办 counts the chosen flow categories', async () => {
  await open();
  fireEvent.click(palette('常用功能'));
  await settle();
  fireEvent.click(buttonNamed('添加快捷菜单'));
  await settle();
  fireEvent.mouseDown(props().querySelector('#pd-shortcut-0')!);
  fireEvent.click(await screen.findByTitle('挂号Web'));
  await settle();
  expect((within(props()).getByLabelText('快捷菜单1名称') as HTMLInputElement).value).toBe('挂号Web');

  fireEvent.click(palette('我的待办'));
  await settle();
  fireEvent.mouseDown(field('第2项流程分类'));
  await settle();
  fireEvent.click(await screen.findByText('采购', { selector: '.ant-select-item-option-content' }));
  await settle();
  fireEvent.click(buttonNamed('保存'));
  await screen.findByText('更新成功');
  const [, func, todo] = JSON.parse((puts()[0].body as { formData: string }).formData).layout;
  expect(func.option.defaultValue).toEqual([expect.objectContaining({ fullName: '挂号Web', moduleId: 'm-Web', linkType: '1', type: 2 })]);
  expect(todo.option.defaultValue.map((e: { id: string; category: string[] }) => [e.id, e.category])).toEqual([['toBeReviewed', []], ['flowDone', ['wf-2']], ['flowCirculate', []]]);
});

test('issue 31: 关闭 with unsaved changes asks first; once saved it closes at once', async () => {
  const onClose = jest.fn();
  await open(true, onClose);
  fireEvent.click(buttonNamed('关闭'));
  expect(onClose).toHaveBeenCalledTimes(1); // nothing changed
  fireEvent.click(palette('文本'));
  await settle();
  fireEvent.click(buttonNamed('关闭'));
  await screen.findByText('门户还有未保存的修改，确定关闭吗？');
  fireEvent.click(buttonNamed('取消', confirmation()));
  await settle();
  expect(onClose).toHaveBeenCalledTimes(1);
  fireEvent.click(buttonNamed('保存'));
  await screen.findByText('更新成功');
  fireEvent.click(buttonNamed('关闭'));
  expect(onClose).toHaveBeenCalledTimes(2);
});
