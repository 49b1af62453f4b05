/**
 * The portal designer's palette (jnpf-wire-engine2.md §2.3): the 22 card types in JNPF's groups
 * and the item each starts as when dropped — its size on the 12-column grid, the header keys
 * (`card`), the refresh, and the keys that carry its data with examples, so a dropped chart
 * draws at once from static points. The runtime (pages/home/portal) renders these items.
 */
import type { PortalItem } from '@/pages/home/portal/definition';

export type GroupKey = 'basic' | 'chart' | 'system' | 'layout';

export interface CardType {
  key: string;
  group: GroupKey;
  w: number;
  h: number;
  icon: string;
  /** Where the card is shown: map and iframe on the PC only. */
  pcOnly?: boolean;
  /** Data from static values or a data interface (`dataType`, `propsApi`). */
  data?: boolean;
  /** The card's own keys beside the common ones. */
  extra?(): Record<string, unknown>;
}

export const GROUPS: GroupKey[] = ['basic', 'chart', 'system', 'layout'];
export const CHART_TYPES = ['barChart', 'pieChart', 'lineChart', 'radarChart', 'mapChart'];

const icon = (name: string) => `icon-ym icon-ym-generator-${name}`;

/** A link's keys, empty (card header, text, image and carousel entries). */
export const emptyLink = () => ({
  linkType: '',
  type: '',
  moduleId: '',
  urlAddress: '',
  linkTarget: '_self',
  appLinkType: '',
  appType: '',
  appModuleId: '',
  appUrlAddress: '',
});

/** The flat chart style keys every chart starts with (the runtime maps them to ECharts). */
const chartStyle = () => ({
  styleType: 1,
  titleText: '',
  titleTextStyleColor: '#303133',
  titleTextStyleFontSize: 18,
  titleTextStyleFontWeight: false,
  titleLeft: 'center',
  titleBgColor: '',
  titleSubtext: '',
  xAxisName: '',
  xAxisShow: true,
  category: 'category',
  xAxisAxisLabelRotate: 0,
  xAxisSplitLineShow: false,
  xAxisInverse: false,
  yAxisName: '',
  yAxisShow: true,
  yAxisSplitLineShow: true,
  yAxisInverse: false,
  seriesLabelShow: false,
  seriesLabelFontSize: 12,
  seriesLabelColor: '',
  seriesLabelBgColor: '',
  tooltipShow: true,
  tooltipBgColor: '#fff',
  tooltipTextStyleColor: '',
  tooltipTextStyleFontSize: 14,
  gridLeft: 20,
  gridTop: 50,
  gridRight: 20,
  gridBottom: 20,
  legendShow: true,
  legendOrient: 'horizontal',
  legendTop: 0,
  legendLeft: 0,
  AxisTextStyleColor: '',
  AxisLineStyleColor: '',
  colorList: [{ color1: '#1890ff', color2: '' }, { color1: '#52c41a', color2: '' }, { color1: '#faad14', color2: '' }],
});

const MONTHS = ['1月', '2月', '3月', '4月', '5月', '6月'];
const seriesExample = (types: string[], base: number) =>
  MONTHS.flatMap((name, m) => types.map((type, n) => ({ name, type, value: base + m * 37 + n * 90 - ((m * 53) % 70) })));

const chart = (points: unknown[], own: Record<string, unknown>) => ({ option: { ...chartStyle(), ...own, defaultValue: points } });

export const CARD_TYPES: CardType[] = [
  // 基础控件
  {
    key: 'todo', group: 'basic', w: 6, h: 4, icon: icon('todo'),
    extra: () => ({
      option: {
        styleType: 1,
        rowNumber: 3,
        defaultValue: [
          { id: 'toBeReviewed', fullName: '流程待办', urlAddress: '/workFlow/flowTodo', category: [], num: 0, icon: 'icon-ym icon-ym-flowTodo', iconBgColor: '#f68900', type: 2, noShow: false },
          { id: 'flowDone', fullName: '流程已办', urlAddress: '/workFlow/flowDone', category: [], num: 0, icon: 'icon-ym icon-ym-flowDone', iconBgColor: '#6b7bfb', type: 2, noShow: false },
          { id: 'flowCirculate', fullName: '流程抄送', urlAddress: '/workFlow/flowCirculate', category: [], num: 0, icon: 'icon-ym icon-ym-flowCirculate', iconBgColor: '#1dcfb5', type: 2, noShow: false },
        ],
      },
    }),
  },
  { key: 'commonFunc', group: 'basic', w: 6, h: 4, icon: icon('function'), extra: () => ({ option: { styleType: 1, rowNumber: 5, defaultValue: [] } }) },
  {
    key: 'dataBoard', group: 'basic', w: 12, h: 4, icon: icon('board'),
    extra: () => ({
      option: {
        rowNumber: 4,
        defaultValue: [
          { id: 'tile1', fullName: '门诊人次', unit: '人', num: 1520, dataType: 'static', propsApi: '', icon: 'icon-ym icon-ym-generator-user', iconColor: '#1890ff', ...emptyLink() },
          { id: 'tile2', fullName: '住院人数', unit: '人', num: 386, dataType: 'static', propsApi: '', icon: 'icon-ym icon-ym-generator-user', iconColor: '#52c41a', ...emptyLink() },
        ],
      },
    }),
  },
  {
    key: 'tableList', group: 'basic', w: 6, h: 8, icon: icon('table'), data: true,
    extra: () => ({
      option: {
        columnData: [
          { id: 'c1', fullName: '名称', filedName: 'name', sortable: false, fixed: 'none', align: 'left', width: 0 },
          { id: 'c2', fullName: '数值', filedName: 'value', sortable: false, fixed: 'none', align: 'left', width: 0 },
        ],
        rowData: [],
        tableCount: 5,
        defaultValue: [{ name: '内科', value: 120 }, { name: '外科', value: 98 }],
      },
    }),
  },
  { key: 'text', group: 'basic', w: 4, h: 3, icon: icon('text'), data: true, extra: () => ({ option: { styleType: 1, defaultValue: '文本内容', textAutoplay: false, ...emptyLink() } }) },
  { key: 'image', group: 'basic', w: 6, h: 6, icon: icon('image'), data: true, extra: () => ({ option: { styleType: 1, defaultValue: '', ...emptyLink() } }) },
  { key: 'carousel', group: 'basic', w: 6, h: 6, icon: icon('carousel'), extra: () => ({ option: { defaultValue: [], carouselInterval: 3000 } }) },
  { key: 'video', group: 'basic', w: 6, h: 6, icon: icon('video'), data: true, extra: () => ({ option: { styleType: 1, defaultValue: '', videoAutoplay: false, playNumber: '1', mutePlay: false } }) },
  { key: 'schedule', group: 'basic', w: 6, h: 8, icon: icon('schedule'), extra: () => ({ defaultView: 'dayGridMonth', showLunarCalendar: false, firstDay: 0 }) },
  { key: 'iframe', group: 'basic', w: 12, h: 8, icon: icon('iframe'), pcOnly: true, extra: () => ({ option: { defaultValue: 'https://www.jnpfsoft.com/' } }) },
  {
    key: 'rankList', group: 'basic', w: 6, h: 8, icon: icon('rank'), data: true,
    extra: () => ({
      option: {
        styleType: 1,
        columnOptions: [{ label: '部门', value: 'label' }, { label: '金额', value: 'value' }],
        defaultValue: [{ label: '内科', value: 980 }, { label: '外科', value: 860 }, { label: '儿科', value: 520 }],
      },
    }),
  },
  {
    key: 'timeAxis', group: 'basic', w: 6, h: 8, icon: icon('timeline'), data: true,
    extra: () => ({ option: { layout: 1, sortable: 1, showNumber: 5, defaultValue: [{ timestamp: '2024-01-01', content: '开诊' }, { timestamp: '2024-06-01', content: '新院区启用' }] } }),
  },
  // 图表控件
  { key: 'barChart', group: 'chart', w: 6, h: 8, icon: icon('bar'), data: true, extra: () => chart(seriesExample(['门诊量', '住院量'], 300), { seriesBarWidth: 30, seriesItemStyleBarBorderRadius: 0, barType: [] }) },
  {
    key: 'pieChart', group: 'chart', w: 6, h: 8, icon: icon('pie'), data: true,
    extra: () =>
      chart([{ name: '内科', value: 40 }, { name: '外科', value: 30 }, { name: '儿科', value: 20 }, { name: '其他', value: 10 }], {
        seriesLabelShow: true, roseType: '', seriesLabelShowInfo: ['count', 'percent'], seriesLabelPosition: 'outside', seriesCenterLeft: 50, seriesCenterTop: 50,
      }),
  },
  { key: 'lineChart', group: 'chart', w: 6, h: 8, icon: icon('line'), data: true, extra: () => chart(seriesExample(['收入'], 500), { areaStyle: false, seriesLineStyleWidth: 2, seriesSymbolRotate: 4 }) },
  {
    key: 'radarChart', group: 'chart', w: 6, h: 8, icon: icon('radar'), data: true,
    extra: () =>
      chart(['内科', '外科', '儿科', '妇科', '急诊'].map((name, n) => ({ name, type: '满意度', value: 80 + n * 3, max: 100 })), { radarCenterLeft: 50, radarCenterTop: 50, seriesAreaStyleOpacity: 0.3 }),
  },
  {
    key: 'mapChart', group: 'chart', w: 6, h: 8, icon: icon('map'), data: true, pcOnly: true,
    extra: () => chart([{ name: '上海市', value: 120, long: 121.47, lat: 31.23 }], { mapType: ['100000'], drillDown: false, autoCarousel: 3000, visualMapMin: 0, visualMapMax: 200 }),
  },
  // 系统控件
  {
    key: 'notice', group: 'system', w: 12, h: 8, icon: icon('notice'),
    extra: () => ({
      option: {
        styleType: 1,
        noticeCount: 5,
        classify: [],
        columnData: [
          { filedName: 'classify', fullName: '分类', classify: [] },
          { filedName: 'fullName', fullName: '标题' },
          { filedName: 'releaseUser', fullName: '发布人' },
          { filedName: 'releaseTime', fullName: '发布时间' },
        ],
        rowData: [],
      },
    }),
  },
  { key: 'email', group: 'system', w: 6, h: 7, icon: icon('email') },
  { key: 'todoList', group: 'system', w: 6, h: 7, icon: icon('todo') },
  // 布局控件
  { key: 'card', group: 'layout', w: 6, h: 6, icon: icon('card'), extra: () => ({ children: [] }) },
  {
    key: 'tab', group: 'layout', w: 6, h: 6, icon: icon('tab'),
    extra: () => ({ children: [{ title: 'Tab 1', children: [] }, { title: 'Tab 2', children: [] }], active: '0', type: '', 'tab-position': 'top' }),
  },
];

export const cardType = (key: string | undefined) => CARD_TYPES.find((c) => c.key === key);

/** The item a card of type `key` starts as, numbered `i`, labelled `label` (the palette's name). */
export function newCard(key: string, i: number, label: string, at: { x: number; y: number }): PortalItem {
  const type = cardType(key);
  if (!type) throw new Error(`unknown card ${key}`);
  return {
    i,
    x: at.x,
    y: at.y,
    w: type.w,
    h: type.h,
    jnpfKey: key,
    label,
    title: label,
    icon: type.icon,
    visibility: type.pcOnly ? ['pc'] : ['pc', 'app'],
    renderKey: '',
    card: {
      titleFontSize: 14,
      titleFontWeight: false,
      titleFontColor: '#303133',
      titleLeft: 'left',
      titleBgColor: '',
      cardIcon: type.icon,
      cardIconColor: '#606266',
      cardRightBtn: '',
      ...emptyLink(),
    },
    refresh: { autoRefresh: false, autoRefreshTime: 5 },
    ...(type.data ? { dataType: 'static', propsApi: '', propsName: '' } : {}),
    ...(type.extra?.() ?? {}),
  };
}
