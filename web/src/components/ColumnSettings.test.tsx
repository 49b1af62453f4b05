// The column settings drawer of a list against a fake Authority API (only `fetch` is fake):
// the saved list read once and merged with the definition, each change saved at once as
// {moduleId, fieldList: JSON text}, a failed save putting the previous list back, 恢复默认,
// and the drawer's width. (Dragging a row is dnd-kit's; jsdom lays nothing out for it.)
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
      <div data-testid="shown" data-loaded={String(settings.loaded)}>{settings.items.filter((i) => i.visible).map((i) => i.prop).join(',')}</div>
      <ColumnSettingsDrawer open items={settings.items} onChange={(n) => void settings.apply(n)} onReset={() => void settings.reset()} onClose={() => undefined} />
    </>
  );
}

const shown = () => screen.getByTestId('shown').textContent;
/** Until the saved list has come, the definition's columns are shown; the tests change them after. */
const settled = () => waitFor(() => expect(screen.getByTestId('shown').dataset.loaded).toBe('true'));
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
  await settled();
  expect(shown()).toBe('a,b,c');
  fireEvent.click(checkbox('乙'));
  expect(shown()).toBe('a,c');
  await waitFor(() => expect(saves(calls)).toHaveLength(1));
  await waitFor(() => expect(shown()).toBe('a,b,c'));
  expect(checkbox('乙').checked).toBe(true);
});

test('恢复默认 saves the empty list and shows the definition\'s order again', async () => {
  const calls = fakeFetch({
    'GET /api/permission/Authority/GetColumnsByModuleId/{menuId}': () => [
      { prop: 'c', label: '丙', visible: true },
      { prop: 'a', label: '甲', visible: false },
    ],
    'PUT /api/permission/Authority/SetColumnsByModuleId': () => null,
  });
  renderInApp(<Harness />);
  await waitFor(() => expect(order()).toBe('c,a,b'));
  fireEvent.click(screen.getByRole('button', { name: '恢复默认' }));
  await waitFor(() => expect(saves(calls)).toHaveLength(1));
  expect(saves(calls)[0]).toEqual({ moduleId: 'm1', fieldList: '[]' });
  await waitFor(() => expect(order()).toBe('a,b,c'));
  expect(shown()).toBe('a,b,c');
});
