// The change-password form validates through the real WASM rules core (AUTH-025..035).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { initI18n } from '@/i18n';
import { useUser } from '@/stores/user';
import PasswordForm from './PasswordForm';

beforeAll(() => initI18n('zh-CN'));

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

test('AUTH-027: with the strength limit off only emptiness is checked', async () => {
  renderForm({ ...strict, passwordStrengthLimit: 0 });
  await type('新密码', 'a');
  await settle();
  expect(screen.queryByText(/新密码/, { selector: '.ant-form-item-explain-error' })).toBeNull();
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
