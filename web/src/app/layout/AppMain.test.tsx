// The page area routes each menu entry to its page (ROUTE-008, ROUTE-013): a type 2 entry to
// the page of its address's folder (pages/<address>/index.tsx), the query dropped; an
// address without a folder, and types 3, 4, 5 and 8, to the placeholder that says what comes;
// an unknown path to /404. The folders here are a stand-in set (the real scan is proven in
// registry.test.tsx).
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initI18n } from '@/i18n';
import { buildMenu } from '@/app/menu';
import { useUser } from '@/stores/user';
import AppMain from './AppMain';

jest.mock('@/pages/pageModules', () => {
  const { createElement } = jest.requireActual('react');
  const page = (text: string) => async () => ({ default: () => createElement('p', null, text) });
  return {
    pageModules: {
      './home/index.tsx': page('the home folder'),
      './permission/user/index.tsx': page('the permission/user folder'),
    },
  };
});

beforeAll(() => initI18n('zh-CN'));

const { routes } = buildMenu(
  [
    { id: '1', enCode: 'permission.user', fullName: '用户管理', type: 2, urlAddress: '/permission/user?menuId=1' },
    { id: '2', enCode: 'permission.role', fullName: '角色管理', type: 2, urlAddress: 'permission/role' },
    { id: '3', enCode: 'form.leave', fullName: '请假单', type: 3, urlAddress: 'permission/user/form', propertyJson: '{"moduleId":"m3"}' },
    { id: '4', enCode: 'dict.demo', fullName: '动态字典', type: 4, urlAddress: 'dict/demo', propertyJson: '{"moduleId":"m4"}' },
    { id: '5', enCode: 'report.demo', fullName: '销售报表', type: 5, urlAddress: 'report/demo', propertyJson: '{"moduleId":"m5"}' },
    { id: '8', enCode: 'portal.demo', fullName: '门户', type: 8, urlAddress: 'portal/demo', propertyJson: '{"moduleId":"m8"}' },
  ],
  { token: 't', dataV: '' },
);

let where = '';
function Where() {
  where = useLocation().pathname;
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
  renderAt('/permission/role');
  expect(await screen.findByText('「角色管理」即将推出')).toBeTruthy();
  expect(screen.getByText('该页面将在后续版本中提供，届时此处会直接显示内容。')).toBeTruthy();
});

test.each([
  ['/permission/user/form', '请假单', '动态表单页面', 'm3'],
  ['/dict/demo', '动态字典', '动态数据字典页面', 'm4'],
  ['/report/demo', '销售报表', '数据报表页面', 'm5'],
  ['/portal/demo', '门户', '门户页面', 'm8'],
])('%s (types 3, 4, 5 and 8 until their runtimes come) shows the placeholder of its kind', async (path, title, what, module) => {
  renderAt(path);
  expect(await screen.findByText(`「${title}」即将推出`)).toBeTruthy();
  expect(screen.getByText(`${what}将在后续版本中提供，届时此处会直接显示内容。`)).toBeTruthy();
  expect(screen.getByText(module)).toBeTruthy();
  expect(screen.queryByText('the permission/user folder')).toBeNull();
});

test('ROUTE-008: a path no menu entry has goes to /404', async () => {
  renderAt('/no/such/page');
  await waitFor(() => expect(where).toBe('/404'));
});
