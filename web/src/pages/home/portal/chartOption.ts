/**
 * A portal chart card's ECharts option from the definition's flat style keys and its data
 * (jnpf-wire-engine2.md §2.3): the definition never holds an ECharts option. Data is a flat
 * array of points `{name, type, value}` — series from the distinct `type`s, the category axis
 * from the distinct `name`s (radar points add `max`). Pure: tested without a canvas.
 */
import type { EChartsOption } from 'echarts';

export type ChartKey = 'barChart' | 'lineChart' | 'pieChart' | 'radarChart';
export const CHART_KEYS: ChartKey[] = ['barChart', 'lineChart', 'pieChart', 'radarChart'];

export interface Point {
  name: string;
  type?: string;
  value: number;
  max?: number;
}

type Options = Record<string, unknown>;

const num = (v: unknown, fallback: number): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);
/**
 * `{color}` when the definition sets one, else nothing: an explicit `color: undefined` is not
 * ECharts' default — axis labels were not drawn at all and axis lines came out black.
 */
const colour = (v: unknown): { color?: string } => (str(v) ? { color: str(v) } : {});
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : v == null ? fallback : v === 1 || v === '1' || v === 'true');

/** Points from whatever the data interface or the static value gave: anything not a point is dropped. */
export function toPoints(data: unknown): Point[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((p) => {
    if (!p || typeof p !== 'object') return [];
    const o = p as Record<string, unknown>;
    const value = num(o.value, NaN);
    if (Number.isNaN(value)) return [];
    const point: Point = { name: str(o.name), value };
    if (o.type != null && o.type !== '') point.type = str(o.type);
    if (o.max != null) point.max = num(o.max, 0);
    return [point];
  });
}

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

/** `colorList` [{color1, color2}] — two colours make a vertical gradient. */
export function colors(option: Options): unknown[] {
  const list = Array.isArray(option.colorList) ? (option.colorList as Record<string, unknown>[]) : [];
  return list
    .map((c) => {
      const c1 = str(c?.color1);
      const c2 = str(c?.color2);
      if (c1 && c2) return { type: 'linear', x: 0, y: 0, x2: 0, y2: 1, colorStops: [{ offset: 0, color: c1 }, { offset: 1, color: c2 }] };
      return c1 || c2 || null;
    })
    .filter((c) => c !== null);
}

function title(option: Options): EChartsOption['title'] {
  return {
    show: !!str(option.titleText),
    text: str(option.titleText),
    subtext: str(option.titleSubtext),
    left: str(option.titleLeft, 'center'),
    backgroundColor: str(option.titleBgColor) || 'transparent',
    textStyle: { ...colour(option.titleTextStyleColor), fontSize: num(option.titleTextStyleFontSize, 18), fontWeight: bool(option.titleTextStyleFontWeight, false) ? 'bold' : 'normal' },
  };
}

function common(option: Options): EChartsOption {
  const out: EChartsOption = {
    title: title(option),
    tooltip: {
      show: bool(option.tooltipShow, true),
      backgroundColor: str(option.tooltipBgColor, '#fff'),
      textStyle: { ...colour(option.tooltipTextStyleColor), fontSize: num(option.tooltipTextStyleFontSize, 14) },
    },
    legend: {
      show: bool(option.legendShow, true),
      orient: str(option.legendOrient, 'horizontal') === 'vertical' ? 'vertical' : 'horizontal',
      top: `${num(option.legendTop, 0)}%`,
      left: `${num(option.legendLeft, 0)}%`,
    },
    grid: { left: num(option.gridLeft, 20), top: num(option.gridTop, 50), right: num(option.gridRight, 20), bottom: num(option.gridBottom, 20), containLabel: true },
  };
  const palette = colors(option);
  if (palette.length) out.color = palette as EChartsOption['color'];
  return out;
}

function axis(option: Options, prefix: 'xAxis' | 'yAxis', kind: 'category' | 'value', data?: string[]) {
  return {
    type: kind,
    data,
    name: str(option[`${prefix}Name`]),
    show: bool(option[`${prefix}Show`], true),
    inverse: bool(option[`${prefix}Inverse`], false),
    axisLabel: { rotate: num(option[`${prefix}AxisLabelRotate`], 0), ...colour(option.AxisTextStyleColor) },
    axisLine: { lineStyle: colour(option.AxisLineStyleColor) },
    splitLine: { show: bool(option[`${prefix}SplitLineShow`], kind === 'value') },
  };
}

function label(option: Options) {
  return {
    show: bool(option.seriesLabelShow, false),
    fontSize: num(option.seriesLabelFontSize, 12),
    ...colour(option.seriesLabelColor),
    backgroundColor: str(option.seriesLabelBgColor) || 'transparent',
  };
}

/** Category × series table of the points. */
function table(points: Point[]) {
  const names = distinct(points.map((p) => p.name));
  const types = distinct(points.map((p) => p.type ?? ''));
  const values = (t: string) => names.map((n) => points.find((p) => p.name === n && (p.type ?? '') === t)?.value ?? 0);
  return { names, types, values };
}

function cartesian(key: 'barChart' | 'lineChart', option: Options, points: Point[]): EChartsOption {
  const style = num(option.styleType, 1);
  const { names, types, values } = table(points);
  const swapped = str(option.category, 'category') === 'value';
  const barTypes = Array.isArray(option.barType) ? (option.barType as { title?: string; type?: string }[]) : [];
  const series = types.map((t) => {
    const asLine = key === 'lineChart' || (style === 7 && barTypes.find((b) => b.title === t)?.type === 'line');
    const base = { name: t || undefined, data: values(t), label: label(option) };
    if (asLine) {
      return {
        ...base,
        type: 'line' as const,
        smooth: key === 'lineChart' && style === 2,
        step: key === 'lineChart' && style === 3 ? ('middle' as const) : undefined,
        stack: key === 'lineChart' && style === 4 ? 'total' : undefined,
        areaStyle: bool(option.areaStyle, false) ? {} : undefined,
        lineStyle: { width: num(option.seriesLineStyleWidth, 2) },
        symbolSize: num(option.seriesSymbolRotate, 4),
      };
    }
    return {
      ...base,
      type: 'bar' as const,
      barWidth: num(option.seriesBarWidth, 30),
      stack: style === 2 ? 'total' : undefined,
      showBackground: style === 4,
      itemStyle: { borderRadius: num(option.seriesItemStyleBarBorderRadius, 0) },
    };
  });
  const categoryAxis = (prefix: 'xAxis' | 'yAxis') => axis(option, prefix, 'category', names);
  const valueAxis = (prefix: 'xAxis' | 'yAxis') => axis(option, prefix, 'value');
  return {
    ...common(option),
    tooltip: { ...(common(option).tooltip as object), trigger: 'axis' },
    xAxis: swapped ? valueAxis('xAxis') : categoryAxis('xAxis'),
    yAxis: swapped ? categoryAxis('yAxis') : valueAxis('yAxis'),
    series,
  } as EChartsOption;
}

function pie(option: Options, points: Point[]): EChartsOption {
  const style = num(option.styleType, 1);
  const shown = Array.isArray(option.seriesLabelShowInfo) ? (option.seriesLabelShowInfo as string[]) : ['count', 'percent'];
  const formatter = ['{b}', shown.includes('count') ? '{c}' : '', shown.includes('percent') ? '{d}%' : ''].filter(Boolean).join(' ');
  const rose = str(option.roseType);
  return {
    ...common(option),
    tooltip: { ...(common(option).tooltip as object), trigger: 'item' },
    series: [
      {
        type: 'pie',
        radius: style === 2 ? ['40%', '70%'] : '70%',
        center: [`${num(option.seriesCenterLeft, 50)}%`, `${num(option.seriesCenterTop, 50)}%`],
        roseType: rose === 'radius' || rose === 'area' ? rose : undefined,
        label: { ...label(option), show: bool(option.seriesLabelShow, true), position: str(option.seriesLabelPosition, 'outside') as 'outside', formatter },
        data: points.map((p) => ({ name: p.name, value: p.value })),
      },
    ],
  } as EChartsOption;
}

function radar(option: Options, points: Point[]): EChartsOption {
  const { names, types, values } = table(points);
  const max = (n: string) => Math.max(...points.filter((p) => p.name === n).map((p) => p.max ?? p.value));
  return {
    ...common(option),
    radar: {
      shape: num(option.styleType, 1) === 2 ? 'circle' : 'polygon',
      center: [`${num(option.radarCenterLeft, 50)}%`, `${num(option.radarCenterTop, 50)}%`],
      indicator: names.map((n) => ({ name: n, max: max(n) })),
    },
    series: [
      {
        type: 'radar',
        areaStyle: { opacity: num(option.seriesAreaStyleOpacity, 0.3) },
        data: types.map((t) => ({ name: t || undefined, value: values(t) })),
      },
    ],
  } as EChartsOption;
}

/** The ECharts option of a chart card. */
export function chartOption(key: ChartKey, option: Options, points: Point[]): EChartsOption {
  if (key === 'pieChart') return pie(option, points);
  if (key === 'radarChart') return radar(option, points);
  return cartesian(key, option, points);
}
