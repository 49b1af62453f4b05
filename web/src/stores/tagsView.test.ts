// The tabs bar's state transitions (SHELL-026..033), as pure functions and through the store.
import { addView, withAffixed, delAllViews, delCachedView, delOthersViews, delView, destinationAfterClose, updateVisitedView, useTagsView, type TagView } from './tagsView';

const home: TagView = { path: '/home', fullPath: '/home', name: 'home', title: '首页', affix: true };
const msg: TagView = { path: '/messageRecord', fullPath: '/messageRecord', name: 'messageRecord', title: '消息记录' };
const profile: TagView = { path: '/profile', fullPath: '/profile?tab=password', name: 'profile', title: '个人信息' };
const report: TagView = { path: '/report', fullPath: '/report', name: 'report', title: '报表', noCache: true };

const open = (...views: TagView[]) => views.reduce(addView, { visitedViews: [], cachedViews: [] });

test('SHELL-024/033: each page is one tab; cached views skip noCache pages', () => {
  const state = open(home, msg, profile, report, { ...msg, fullPath: '/messageRecord?x=1' });
  expect(state.visitedViews.map((v) => v.path)).toEqual(['/home', '/messageRecord', '/profile', '/report']);
  expect(state.visitedViews[1].fullPath).toBe('/messageRecord?x=1'); // a revisit keeps its latest query
  expect(state.cachedViews).toEqual(['/home', '/messageRecord', '/profile']);
});

test('SHELL-026: an affixed tab cannot be closed', () => {
  const state = open(home, msg);
  expect(delView(state, home)).toBe(state);
  expect(delView(state, msg).visitedViews).toEqual([home]);
  expect(delView(state, msg).cachedViews).toEqual(['/home']);
});

test('SHELL-026: the affixed tab is put first when the shell opened on another page, once', () => {
  const reloadedOnProfile = open(profile);
  const state = withAffixed(reloadedOnProfile, [home]);
  expect(state.visitedViews.map((v) => v.path)).toEqual(['/home', '/profile']);
  expect(state.cachedViews).toEqual(['/home', '/profile']);
  expect(withAffixed(state, [home])).toEqual(state);
  // A later menu title for the same page replaces the fixed one.
  expect(withAffixed(state, [{ ...home, title: 'Home page' }]).visitedViews[0].title).toBe('Home page');
});

test('SHELL-027: close others keeps the view and the affixed ones; close all keeps the affixed', () => {
  const state = open(home, msg, profile, report);
  const others = delOthersViews(state, profile);
  expect(others.visitedViews.map((v) => v.path)).toEqual(['/home', '/profile']);
  expect(others.cachedViews).toEqual(['/home', '/profile']);
  const all = delAllViews(state);
  expect(all.visitedViews).toEqual([home]);
  expect(all.cachedViews).toEqual(['/home']);
});

test('SHELL-032: update and drop from the cache (refresh)', () => {
  const state = open(home, msg);
  expect(updateVisitedView(state, { path: '/messageRecord', title: '新标题' }).visitedViews[1].title).toBe('新标题');
  expect(delCachedView(state, '/messageRecord')).toEqual({ visitedViews: state.visitedViews, cachedViews: ['/home'] });
});

test('SHELL-028/029: after closing, go to the last tab; with none left go to / or refresh the dashboard', () => {
  expect(destinationAfterClose([home, msg], '/messageRecord', profile)).toBeNull();
  expect(destinationAfterClose([home, profile], '/messageRecord', msg)).toEqual({ to: '/profile?tab=password' });
  expect(destinationAfterClose([], '/messageRecord', msg)).toEqual({ to: '/' });
  const dashboard = { ...msg, path: '/dashboard', fullPath: '/dashboard', name: 'dashboard' };
  expect(destinationAfterClose([], '/dashboard', dashboard)).toEqual({ refresh: true });
});

test('SHELL-032: the store applies add, delete, delete others, delete all', () => {
  const store = useTagsView.getState();
  store.clear();
  [home, msg, profile].forEach((v) => useTagsView.getState().add(v));
  expect(useTagsView.getState().visitedViews).toHaveLength(3);
  useTagsView.getState().del(msg);
  expect(useTagsView.getState().visitedViews.map((v) => v.name)).toEqual(['home', 'profile']);
  useTagsView.getState().add(msg);
  useTagsView.getState().delOthers(msg);
  expect(useTagsView.getState().visitedViews.map((v) => v.name)).toEqual(['home', 'messageRecord']);
  useTagsView.getState().delAll();
  expect(useTagsView.getState().visitedViews.map((v) => v.name)).toEqual(['home']);
});
