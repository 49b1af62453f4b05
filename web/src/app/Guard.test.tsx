// The guard component applying its decisions (ROUTE-023, ROUTE-027..029). The user loader is
// replaced here because the thing under test is what the guard does with its outcome.
import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initI18n } from '@/i18n';
import { useUser } from '@/stores/user';
import Guard from './Guard';

beforeAll(() => initI18n('zh-CN'));

let where = '';
function Page({ name }: { name: string }) {
  const location = useLocation();
  where = location.pathname + location.search;
  return <div>page {name}</div>;
}

function renderAt(path: string) {
  render(
    <App>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Guard />}>
            <Route path="/login" element={<Page name="login" />} />
            <Route path="*" element={<Page name="app" />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

beforeEach(() => {
  localStorage.clear();
  useUser.getState().resetToken(false);
});

test('ROUTE-029: without a token the page is never rendered; /login?redirect= instead', async () => {
  renderAt('/profile?tab=loginLog');
  await settle();
  expect(screen.getByText('page login')).toBeTruthy();
  expect(where).toBe('/login?redirect=%2Fprofile%3Ftab%3DloginLog');
});

test('ROUTE-027/023: with a token the user is loaded first, then the page renders with its title', async () => {
  let loads = 0;
  let finish: () => void = () => undefined;
  useUser.setState({
    token: 'Bearer t',
    loadUser: () => {
      loads += 1;
      return new Promise<void>((ok) => {
        finish = () => {
          useUser.setState({ loaded: true, sysConfig: { title: '启明' } });
          ok();
        };
      });
    },
  });
  renderAt('/profile');
  await settle();
  expect(screen.getByRole('status')).toBeTruthy(); // loading, the page not yet rendered
  expect(screen.queryByText('page app')).toBeNull();
  await act(async () => finish());
  await settle();
  expect(loads).toBe(1);
  expect(screen.getByText('page app')).toBeTruthy();
  expect(document.title).toBe('个人信息 - 启明');
});

test('ROUTE-028: a failed load resets the token, shows a string failure and goes to /login?redirect=', async () => {
  useUser.setState({
    token: 'Bearer t',
    loadUser: () => Promise.reject('您的权限不足，请联系管理员'),
  });
  renderAt('/home');
  await settle();
  await settle();
  expect(useUser.getState().token).toBe('');
  expect(where).toBe('/login?redirect=%2Fhome');
  expect(await screen.findByText('您的权限不足，请联系管理员')).toBeTruthy();
});
