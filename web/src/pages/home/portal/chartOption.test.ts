// Portal charts (issue 31, jnpf-wire-engine2.md §2.3): the flat style keys and the flat points
// become the ECharts option — series from distinct `type`, categories from distinct `name`.
import { chartOption, colors, toPoints } from './chartOption';

const POINTS = toPoints([
  { name: '1月', type: '门诊量', value: 1200 },
  { name: '1月', type: '住院量', value: 310 },
  { name: '2月', type: '门诊量', value: '1350' },
  { name: '2月', type: '住院量', value: 290 },
  { name: 'bad', value: 'x' },
  'not a point',
]);

test('points: numbers as text are read, anything else is dropped', () => {
  expect(POINTS).toHaveLength(4);
  expect(toPoints({ list: [] })).toEqual([]);
  expect(toPoints(null)).toEqual([]);
});

test('bar: categories, one series per type, stacked style 2, the value axis swapped by category', () => {
  const o = chartOption('barChart', { styleType: 2, seriesBarWidth: 24, titleText: '月度门诊', legendShow: true }, POINTS) as Record<string, any>;
  expect(o.xAxis.type).toBe('category');
  expect(o.xAxis.data).toEqual(['1月', '2月']);
  expect(o.series.map((s: any) => [s.name, s.type, s.data, s.stack, s.barWidth])).toEqual([
    ['门诊量', 'bar', [1200, 1350], 'total', 24],
    ['住院量', 'bar', [310, 290], 'total', 24],
  ]);
  expect(o.title.text).toBe('月度门诊');
  const swapped = chartOption('barChart', { category: 'value' }, POINTS) as Record<string, any>;
  expect([swapped.xAxis.type, swapped.yAxis.type, swapped.yAxis.data]).toEqual(['value', 'category', ['1月', '2月']]);
});

test('bar style 7 draws the series barType names as lines', () => {
  const o = chartOption('barChart', { styleType: 7, barType: [{ title: '住院量', type: 'line' }] }, POINTS) as Record<string, any>;
  expect(o.series.map((s: any) => s.type)).toEqual(['bar', 'line']);
});

test('line: smooth (2), step (3), stacked (4), area', () => {
  const smooth = chartOption('lineChart', { styleType: 2, areaStyle: true }, POINTS) as Record<string, any>;
  expect(smooth.series[0]).toMatchObject({ type: 'line', smooth: true, areaStyle: {} });
  expect((chartOption('lineChart', { styleType: 3 }, POINTS) as any).series[0].step).toBe('middle');
  expect((chartOption('lineChart', { styleType: 4 }, POINTS) as any).series[1].stack).toBe('total');
});

test('pie: a ring for style 2, the label shows count and percent as asked, centred as asked', () => {
  const points = toPoints([{ name: '内科', value: 40 }, { name: '外科', value: 60 }]);
  const o = chartOption('pieChart', { styleType: 2, seriesLabelShowInfo: ['percent'], seriesCenterLeft: 40 }, points) as any;
  expect(o.series[0].radius).toEqual(['40%', '70%']);
  expect(o.series[0].center).toEqual(['40%', '50%']);
  expect(o.series[0].label.formatter).toBe('{b} {d}%');
  expect(o.series[0].data).toEqual([{ name: '内科', value: 40 }, { name: '外科', value: 60 }]);
});

test('radar: indicators from names with their max', () => {
  const points = toPoints([{ name: '内科', type: '满意度', value: 92, max: 100 }, { name: '外科', type: '满意度', value: 88, max: 100 }]);
  const o = chartOption('radarChart', { styleType: 2 }, points) as any;
  expect(o.radar.shape).toBe('circle');
  expect(o.radar.indicator).toEqual([{ name: '内科', max: 100 }, { name: '外科', max: 100 }]);
  expect(o.series[0].data).toEqual([{ name: '满意度', value: [92, 88] }]);
});

test('colour list: one colour plain, two a vertical gradient', () => {
  expect(colors({ colorList: [{ color1: '#1890ff', color2: '' }, { color1: '#f00', color2: '#0f0' }] })).toEqual([
    '#1890ff',
    { type: 'linear', x: 0, y: 0, x2: 0, y2: 1, colorStops: [{ offset: 0, color: '#f00' }, { offset: 1, color: '#0f0' }] },
  ]);
});

test('a colour the definition leaves empty is not set at all (an explicit undefined colour hid the axis labels and blackened the axis lines)', () => {
  const o = chartOption('barChart', { AxisTextStyleColor: '', AxisLineStyleColor: '', seriesLabelColor: '' }, POINTS) as Record<string, any>;
  for (const axis of [o.xAxis, o.yAxis]) {
    expect('color' in axis.axisLabel).toBe(false);
    expect('color' in axis.axisLine.lineStyle).toBe(false);
  }
  expect('color' in o.series[0].label).toBe(false);
  expect('color' in o.title.textStyle).toBe(false);
  const coloured = chartOption('barChart', { AxisTextStyleColor: '#333' }, POINTS) as Record<string, any>;
  expect(coloured.xAxis.axisLabel.color).toBe('#333');
});
