// What the portal tests share (the home page, a portal menu, the designer): ECharts without a
// canvas — the chart shows the series of the option it was given — and react-grid-layout
// without layout — its props are kept in `grid.props`, so a test ends a drag, a resize or a
// drop from the palette as the library would. Used from a test file as
//   jest.mock('@/pages/home/portal/EChart', () => require('@/test/portalMocks').echartsMock());
//   jest.mock('react-grid-layout', () => require('@/test/portalMocks').gridMock());
import type { ReactNode } from 'react';

type Series = { type: string; name?: string; data: unknown };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const grid: { props: Record<string, any> } = { props: {} };

export function echartsMock() {
  return {
    __esModule: true,
    default: ({ option }: { option: { series: Series[] } }) => <pre data-testid="portal-chart">{JSON.stringify(option.series.map((s) => [s.type, s.name ?? '', s.data]))}</pre>,
  };
}

export function gridMock() {
  return {
    __esModule: true,
    useContainerWidth: () => ({ width: 1200, containerRef: { current: null }, mounted: true }),
    default: (props: { children?: ReactNode }) => {
      grid.props = props;
      return <div data-testid="rgl">{props.children}</div>;
    },
  };
}
