// The forced password change dialog says why it is there: the first sign-in's initial password,
// or a password overdue for the periodic change (the server's passwordOverdue).
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import type { UserInfo } from '@/api/auth';
import { initI18n } from '@/i18n';
import { useUser } from '@/stores/user';
import ResetPasswordDialog from './ResetPasswordDialog';

beforeAll(() => initI18n('zh-CN'));

function renderDialog(passwordOverdue: number) {
  useUser.setState({ mustChangePassword: true, passwordPolicy: {}, userInfo: { userId: '1', passwordOverdue } as unknown as UserInfo });
  return render(
    <App>
      <MemoryRouter>
        <ResetPasswordDialog />
      </MemoryRouter>
    </App>,
  );
}

test('AUTH-022: after the first sign-in the dialog asks for the initial password to be changed', async () => {
  renderDialog(0);
  expect(await screen.findByText('请修改初始密码')).toBeTruthy();
  expect(screen.queryByText('密码已过期，请修改密码')).toBeNull();
});

test('an overdue password: the dialog says the password has expired', async () => {
  renderDialog(1);
  expect(await screen.findByText('密码已过期，请修改密码')).toBeTruthy();
  expect(screen.queryByText('请修改初始密码')).toBeNull();
});
