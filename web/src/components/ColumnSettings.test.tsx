// The column settings drawer of a list against a fake Authority API (only `fetch` is fake):
// the saved list read once and merged with the definition, each change saved at once as
// {moduleId, fieldList: JSON text}, a failed save putting the previous list back, dragging a
// column to another place, 恢复默认, and the drawer's width.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { envelope, fakeFetch, type Call } from '@/test/fakeFetch';
import { renderInApp } from '@/test/renderPage';
import { COLUMN_DRAWER_WIDTH, ColumnSettingsDrawer, mergeColumns, useColumnSettings } from './ColumnSettings';

beforeAll(() => initI18n('zh-CN'));

const DEFAULTS = [
  { prop: 'a', label: '甲' },
  { prop: 'b', label: '乙' },
  { prop: 'c', label: '丙' },
];

function Harness() {
  const settings = useColumnSettings('m1', DEFAULTS);
  return (
    <>
      <div data-testid="shown">{settings.items.filter((i) => i.visible).map((i) => i.prop).join(',')}</div>
      <ColumnSettingsDrawer open items={settings.items} onChange={(n) => void settings.apply(n)} onReset={() => void settings.reset()} onClose={() => undefined} />
    </>
  );
}

const shown = () => screen.getByTestId('shown').textContent;
const checkbox = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;
const order = () => [...document.querySelectorAll('.qm-column-row')].map((r) => r.getAttribute('data-prop')).join(',');
const saves = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body as { moduleId: string; fieldList: string });

test('LIST-006: saved settings keep their order and visibility; columns gone are dropped, new ones appended shown', () => {
  expect(mergeColumns(DEFAULTS, [{ prop: 'c', visible: false }, { prop: 'gone', visible: true }, { prop: 'a', columnVisible: true }])).toEqual([
    { prop: 'c', label: '丙', visible: false },
    { prop: 'a', label: '甲', visible: true },
    { prop: 'b', label: '乙', visible: true },
  ]);
});

test('LIST-005, LIST-007, LIST-009: the drawer (320px) shows the saved list; a change is shown and saved as moduleId and fieldList', async () => {
  const calls = fakeFetch({
    'GET /api/permission/Authority/GetColumnsByModuleId/{menuId}': () => [
      { prop: 'b', label: '乙', visible: true, columnVisible: true },
      { prop: 'a', label: '甲', visible: false, columnVisible: false },
    ],
    'PUT /api/permission/Authority/SetColumnsByModuleId': () => null,
  });
  renderInApp(<Harness />);
  await waitFor(() => expect(order()).toBe('b,a,c'));
  expect(calls[0].path).toBe('/api/permission/Authority/GetColumnsByModuleId/m1');
  expect(shown()).toBe('b,c');
  expect(screen.getByText('列表显示设置')).toBeTruthy();
  const wrapper = document.querySelector('.qm-column-drawer')?.closest('.ant-drawer-content-wrapper') as HTMLElement;
  expect(wrapper.style.width).toBe(`${COLUMN_DRAWER_WIDTH}px`);
  expect(COLUMN_DRAWER_WIDTH).toBe(320);

  fireEvent.click(checkbox('甲'));
  expect(shown()).toBe('b,a,c');
  await waitFor(() => expect(saves(calls)).toHaveLength(1));
  expect(saves(calls)[0].moduleId).toBe('m1');
  expect(JSON.parse(saves(calls)[0].fieldList)).toEqual([
    { prop: 'b', label: '乙', visible: true },
    { prop: 'a', label: '甲', visible: true },
    { prop: 'c', label: '丙', visible: true },
  ]);
});

test('LIST-008: a failed save puts the previous list back', async () => {
  const calls = fakeFetch({
    'GET /api/permission/Authority/GetColumnsByModuleId/{menuId}': () => [],
    'PUT /api/permission/Authority/SetColumnsByModuleId': () => envelope(500, '系统异常'),
  });
  renderInApp(<Harness />);
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(shown()).toBe('a,b,c');
  fireEvent.click(checkbox('乙'));
  expect(shown()).toBe('a,c');
  await waitFor(() => expect(saves(calls)).toHaveLength(1));
  await waitFor(() => expect(shown()).toBe('a,b,c'));
  expect(checkbox('乙').checked).toBe(true);
});

test('a column dragged with the keyboard moves and is saved in its new place; 恢复默认 saves the empty list', async () => {
  const calls = fakeFetch({
    'GET /api/permission/Authority/GetColumnsByModuleId/{menuId}': () => [],
    'PUT /api/permission/Authority/SetColumnsByModuleId': () => null,
  });
  renderInApp(<Harness />);
  await waitFor(() => expect(calls).toHaveLength(1));
  // jsdom lays nothing out: give the rows their places for dnd-kit's keyboard coordinates.
  document.querySelectorAll<HTMLElement>('.qm-column-row').forEach((row, i) => {
    row.getBoundingClientRect = () => ({ x: 0, y: i * 30, top: i * 30, left: 0, bottom: i * 30 + 30, right: 300, width: 300, height: 30, toJSON: () => ({}) });
  });
  const handle = screen.getByLabelText('拖动甲调整顺序');
  handle.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 30, right: 20, width: 20, height: 30, toJSON: () => ({}) });
  await act(async () => {
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  });
  await act(async () => {
    fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
  });
  await act(async () => {
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  });
  await waitFor(() => expect(order()).toBe('b,a,c'));
  await waitFor(() => expect(saves(calls)).toHaveLength(1));
  expect(JSON.parse(saves(calls)[0].fieldList).map((c: { prop: string }) => c.prop)).toEqual(['b', 'a', 'c']);

  fireEvent.click(screen.getByRole('button', { name: '恢复默认' }));
  await waitFor(() => expect(saves(calls)).toHaveLength(2));
  expect(saves(calls)[1]).toEqual({ moduleId: 'm1', fieldList: '[]' });
  await waitFor(() => expect(order()).toBe('a,b,c'));
});
