// The change-password form validates through the real WASM rules core (AUTH-025..035), and
// shows the server's refusals under the fields they name.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import * as api from '@/api/user';
import { md5Hex } from '@/core';
import { initI18n } from '@/i18n';
import { useUser } from '@/stores/user';
import PasswordForm from './PasswordForm';

jest.mock('@/api/user', () => ({ ...jest.requireActual('@/api/user'), modifyPassword: jest.fn() }));
const modifyPassword = api.modifyPassword as jest.Mock;

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => modifyPassword.mockReset().mockResolvedValue({ code: 200, msg: '修改成功，请重新登录', data: null }));

const strict = {
  passwordStrengthLimit: 1,
  passwordLengthMin: 1,
  passwordLengthMinNumber: 8,
  containsNumbers: 1,
  includeLowercaseLetters: 1,
  includeUppercaseLetters: 1,
  containsCharacters: 1,
};

function renderForm(policy: object) {
  useUser.setState({ passwordPolicy: policy });
  return render(
    <App>
      <MemoryRouter>
        <PasswordForm />
      </MemoryRouter>
    </App>,
  );
}

async function type(label: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

async function settle() {
  // antd validates asynchronously; the core loads once.
  for (let i = 0; i < 5; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

test('AUTH-025/026/033/035: every field is required', async () => {
  renderForm(strict);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /确定修改/ }));
  });
  await settle();
  expect(await screen.findByText('请输入旧密码')).toBeTruthy();
  expect(screen.getByText('请输入新密码')).toBeTruthy();
  expect(screen.getByText('请输入重复密码')).toBeTruthy();
  expect(screen.getByText('请输入验证码')).toBeTruthy();
});

test('AUTH-028..032: each broken policy rule is named, from the core', async () => {
  renderForm(strict);
  await type('新密码', 'abc');
  await settle();
  expect(await screen.findByText('新密码长度不能小于8位；新密码必须包含数字；新密码必须包含大写字母；新密码必须包含特殊字符')).toBeTruthy();
  await type('新密码', 'Abcdefg1!');
  await settle();
  expect(screen.queryByText(/新密码长度不能小于/)).toBeNull();
});

/** Fills every field and submits. */
async function fillAndSubmit(password: string) {
  await type('旧密码', 'Old-pass1');
  await type('新密码', password);
  await type('重复密码', password);
  await act(async () => {
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: '1234' } });
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /确定修改/ }));
  });
  await settle();
}

const fieldErrors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

test('AUTH-027: with the strength limit off a one-letter password is sent; with it on, refused', async () => {
  const view = renderForm({ ...strict, passwordStrengthLimit: 0 });
  await fillAndSubmit('a');
  expect(fieldErrors()).toEqual([]);
  expect(modifyPassword).toHaveBeenCalledTimes(1);
  expect(modifyPassword.mock.calls[0][0]).toMatchObject({ password: await md5Hex('a'), plainPassword: 'a', code: '1234' });
  view.unmount();

  // The same input under the strength rules never reaches the server.
  renderForm(strict);
  await fillAndSubmit('a');
  expect(fieldErrors()).toContain('新密码长度不能小于8位；新密码必须包含数字；新密码必须包含大写字母；新密码必须包含特殊字符');
  expect(modifyPassword).toHaveBeenCalledTimes(1);
});

test('AUTH-027: with the strength limit off an empty new password is still refused', async () => {
  renderForm({ ...strict, passwordStrengthLimit: 0 });
  await fillAndSubmit('');
  expect(fieldErrors()).toContain('请输入新密码');
  expect(modifyPassword).not.toHaveBeenCalled();
});

test("the server's refusals show under their fields (plainPassword under 新密码), the captcha is renewed", async () => {
  modifyPassword.mockRejectedValue({ code: 400, msg: '旧密码错误', data: { oldPassword: ['旧密码错误'], plainPassword: ['无法校验新密码的强度'] } });
  renderForm({ ...strict, passwordStrengthLimit: 0 });
  const captcha = (screen.getByAltText('验证码') as HTMLImageElement).getAttribute('src');
  await fillAndSubmit('a');
  expect(modifyPassword).toHaveBeenCalledTimes(1);
  const item = (label: string) => screen.getByLabelText(label).closest('.ant-form-item')!;
  expect(item('旧密码').querySelector('.ant-form-item-explain-error')?.textContent).toBe('旧密码错误');
  expect(item('新密码').querySelector('.ant-form-item-explain-error')?.textContent).toBe('无法校验新密码的强度');
  expect((screen.getByAltText('验证码') as HTMLImageElement).getAttribute('src')).not.toBe(captcha);
  expect((screen.getByLabelText('旧密码') as HTMLInputElement).value).toBe('Old-pass1'); // nothing typed is lost
});

test('AUTH-034: a different repeat password is refused', async () => {
  renderForm(strict);
  await type('新密码', 'Abcdefg1!');
  await type('重复密码', 'Abcdefg1?');
  await settle();
  expect(await screen.findByText('两次密码输入不一致')).toBeTruthy();
});

test('AUTH-036: the captcha image comes from /api/file/ImageCode/{random}', () => {
  renderForm(strict);
  const img = screen.getByAltText('验证码') as HTMLImageElement;
  expect(img.getAttribute('src')).toMatch(/^\/api\/file\/ImageCode\/0\.\d+$/);
});

test('the policy is described before the user types', () => {
  renderForm(strict);
  expect(screen.getByText('密码要求：不少于8位、包含数字、包含小写字母、包含大写字母、包含特殊字符')).toBeTruthy();
});
