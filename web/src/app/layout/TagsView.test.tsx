// The tabs bar as a user works it (SHELL-025..030): right-click menu, closing, affixed home.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initI18n } from '@/i18n';
import { useTagsView, type TagView } from '@/stores/tagsView';
import TagsView, { CONTEXT_MENU_WIDTH } from './TagsView';

beforeAll(() => initI18n('zh-CN'));

const home: TagView = { path: '/home', fullPath: '/home', name: 'home', title: '首页', affix: true };
const msg: TagView = { path: '/messageRecord', fullPath: '/messageRecord', name: 'messageRecord', title: '消息记录' };
const profile: TagView = { path: '/profile', fullPath: '/profile', name: 'profile', title: '个人信息' };

let where = '';
function Where() {
  where = useLocation().pathname + useLocation().search;
  return null;
}

function renderAt(path: string, views: TagView[]) {
  useTagsView.setState({ visitedViews: views, cachedViews: views.map((v) => v.path) });
  render(
    <MemoryRouter initialEntries={[path]}>
      <TagsView />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const titles = () => [...document.querySelectorAll('.qm-tag')].map((el) => el.textContent);

test('SHELL-025: the right-click menu is 105 wide with refresh, close, close others, close all', () => {
  renderAt('/messageRecord', [home, msg, profile]);
  fireEvent.contextMenu(screen.getByText('消息记录'));
  const menu = screen.getByRole('menu');
  expect(CONTEXT_MENU_WIDTH).toBe(105);
  expect(menu.style.width).toBe('105px');
  expect(screen.getAllByRole('menuitem').map((li) => li.textContent)).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);
});

test('SHELL-026/028: an affixed tab has no close; closing the active tab moves to the last one', () => {
  renderAt('/messageRecord', [home, profile, msg]);
  fireEvent.contextMenu(screen.getByText('首页'));
  expect(screen.getAllByRole('menuitem').map((li) => li.textContent)).toEqual(['刷新', '关闭其他', '关闭所有']);
  fireEvent.click(document.body);
  fireEvent.contextMenu(screen.getByText('消息记录'));
  act(() => fireEvent.click(screen.getByText('关闭')));
  expect(titles()).toEqual(['首页', '个人信息']);
  expect(where).toBe('/profile');
});

test('SHELL-027: close others and close all keep the affixed home', () => {
  renderAt('/profile', [home, msg, profile]);
  fireEvent.contextMenu(screen.getByText('个人信息'));
  act(() => fireEvent.click(screen.getByText('关闭其他')));
  expect(titles()).toEqual(['首页', '个人信息']);
  fireEvent.contextMenu(screen.getByText('个人信息'));
  act(() => fireEvent.click(screen.getByText('关闭所有')));
  expect(titles()).toEqual(['首页']);
  expect(where).toBe('/home');
});

test('SHELL-030: a middle click closes a tab', () => {
  renderAt('/home', [home, msg]);
  act(() => {
    fireEvent(screen.getByText('消息记录').closest('a')!, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
  });
  expect(titles()).toEqual(['首页']);
});

test('ROUTE-007: refresh drops the page from the cache and passes through /redirect', () => {
  renderAt('/messageRecord', [home, msg]);
  fireEvent.contextMenu(screen.getByText('消息记录'));
  act(() => fireEvent.click(screen.getByText('刷新')));
  expect(where).toBe('/redirect/messageRecord');
  expect(useTagsView.getState().cachedViews).toEqual(['/home']);
});
