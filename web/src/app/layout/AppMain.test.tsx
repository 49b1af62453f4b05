// The page area routes each menu entry to its page (ROUTE-008, ROUTE-013): a type 2 entry to
// the page of its address's folder (pages/<address>/index.tsx), the query dropped; an
// address without a folder, and types 4 and 5, to the placeholder that says what comes; a
// type 3 form menu to the records of its model; a type 8 portal menu to its portal;
// an unknown path to /404. The folders here are a stand-in set (the real scan is proven in
// registry.test.tsx).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useSettings } from '@/stores/settings';
import { useTagsView, type TagView } from '@/stores/tagsView';
import TagsView from './TagsView';
import { initI18n } from '@/i18n';
import { buildMenu } from '@/app/menu';
import { useUser } from '@/stores/user';
import AppMain from './AppMain';
import { envelope, fakeFetch } from '@/test/fakeFetch';

jest.mock('@/pages/pageModules', () => {
  const { createElement, useState } = jest.requireActual('react');
  const page = (text: string) => async () => ({ default: () => createElement('p', null, text) });
  // Counts its mounts.
  let mounts = 0;
  function Counted() {
    const [mount] = useState(() => ++mounts);
    return createElement('p', null, `mount ${mount}`);
  }
  return {
    pageModules: {
      './home/index.tsx': page('the home folder'),
      './permission/user/index.tsx': page('the permission/user folder'),
      './permission/role/index.tsx': async () => ({ default: Counted }),
    },
  };
});

beforeAll(() => initI18n('zh-CN'));

const { routes } = buildMenu(
  [
    { id: '1', enCode: 'permission.user', fullName: '用户管理', type: 2, urlAddress: '/permission/user?menuId=1' },
    { id: '2', enCode: 'permission.role', fullName: '角色管理', type: 2, urlAddress: 'permission/role' },
    { id: '6', enCode: 'permission.group', fullName: '分组管理', type: 2, urlAddress: 'permission/group' },
    { id: '3', enCode: 'form.leave', fullName: '请假单', type: 3, urlAddress: 'permission/user/form', propertyJson: '{"moduleId":"m3"}' },
    { id: '4', enCode: 'dict.demo', fullName: '动态字典', type: 4, urlAddress: 'dict/demo', propertyJson: '{"moduleId":"m4"}' },
    { id: '5', enCode: 'report.demo', fullName: '销售报表', type: 5, urlAddress: 'report/demo', propertyJson: '{"moduleId":"m5"}' },
    { id: '8', enCode: 'portal.demo', fullName: '门户', type: 8, urlAddress: 'portal/demo', propertyJson: '{"moduleId":"m8"}' },
  ],
  { token: 't', dataV: '' },
);

let where = '';
function Where() {
  const location = useLocation();
  where = location.pathname + location.search;
  return null;
}

function renderAt(path: string) {
  useUser.setState({ routes });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppMain />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

test('ROUTE-013: a type 2 entry shows the page of its address folder (query dropped)', async () => {
  renderAt('/permission/user');
  expect(await screen.findByText('the permission/user folder')).toBeTruthy();
});

test('a fixed page is the page of its path folder', async () => {
  renderAt('/home');
  expect(await screen.findByText('the home folder')).toBeTruthy();
});

test('a type 2 address without a folder shows the placeholder', async () => {
  renderAt('/permission/group');
  expect(await screen.findByText('「分组管理」即将推出')).toBeTruthy();
  expect(screen.getByText('该页面将在后续版本中提供，届时此处会直接显示内容。')).toBeTruthy();
});

test.each([
  ['/dict/demo', '动态字典', '动态数据字典页面', 'm4'],
  ['/report/demo', '销售报表', '数据报表页面', 'm5'],
])('%s (types 4 and 5 until their runtimes come) shows the placeholder of its kind', async (path, title, what, module) => {
  renderAt(path);
  expect(await screen.findByText(`「${title}」即将推出`)).toBeTruthy();
  expect(screen.getByText(`${what}将在后续版本中提供，届时此处会直接显示内容。`)).toBeTruthy();
  expect(screen.getByText(module)).toBeTruthy();
  expect(screen.queryByText('the permission/user folder')).toBeNull();
});

test('a portal menu (type 8) shows the portal its propertyJson names (issue 31)', async () => {
  const calls = fakeFetch({ 'GET /api/visualdev/Portal/{id}/auth': () => envelope(400, '门户不存在') });
  renderAt('/portal/demo');
  await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/visualdev/Portal/m8/auth'));
  expect(screen.queryByText('「门户」即将推出')).toBeNull();
});

test('a form menu (type 3) shows the records of the model its propertyJson names, asking for that model\'s definition', async () => {
  const calls = fakeFetch({ 'GET /api/visualdev/OnlineDev/{modelId}/Config': () => envelope(404, '该功能尚未发布') });
  renderAt('/permission/user/form');
  expect(await screen.findByText('无法打开该功能的数据（未发布或无权限）')).toBeTruthy();
  expect(calls[0].params.modelId).toBe('m3');
  expect(screen.queryByText('「请假单」即将推出')).toBeNull();
});

test('ROUTE-008: a path no menu entry has goes to /404', async () => {
  renderAt('/no/such/page');
  await waitFor(() => expect(where).toBe('/404'));
});

test('ROUTE-007: /redirect/<path> shows <path> again, query kept', async () => {
  renderAt('/redirect/permission/user?menuId=1&x=%E4%B8%AD');
  expect(await screen.findByText('the permission/user folder')).toBeTruthy();
  expect(where).toBe('/permission/user?menuId=1&x=%E4%B8%AD');
});

test('ROUTE-007: refreshing a tab renders its page anew although the page cache keeps pages', async () => {
  const role: TagView = { path: '/permission/role', fullPath: '/permission/role?tab=2', name: 'permission-role', title: '角色管理' };
  const home: TagView = { path: '/home', fullPath: '/home', name: 'home', title: '首页', affix: true };
  useSettings.setState({ useCache: true });
  useTagsView.setState({ visitedViews: [home, role], cachedViews: ['/home', '/permission/role'] });
  useUser.setState({ routes });
  render(
    <MemoryRouter initialEntries={['/permission/role?tab=2']}>
      <TagsView />
      <AppMain />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByText('mount 1')).toBeTruthy();
  // Leaving and coming back keeps the same (cached) page: no new mount.
  await act(async () => {
    fireEvent.click(screen.getByText('首页'));
  });
  await screen.findByText('the home folder');
  await act(async () => {
    fireEvent.click(screen.getByText('角色管理'));
  });
  expect(where).toBe('/permission/role?tab=2');
  expect(screen.getByText('mount 1')).toBeTruthy();
  // 刷新: through /redirect, back at the same address, mounted anew.
  fireEvent.contextMenu(screen.getByText('角色管理'));
  await act(async () => {
    fireEvent.click(screen.getByText('刷新'));
  });
  expect(await screen.findByText('mount 2')).toBeTruthy();
  expect(screen.queryByText('mount 1')).toBeNull();
  expect(where).toBe('/permission/role?tab=2');
  expect(useTagsView.getState().visitedViews.map((v) => v.path)).toEqual(['/home', '/permission/role']);
});
