// The profile form takes every limit, required flag and named rule from the real WASM rules
// core (profile::BASE_INFO_FIELDS, the same the server checks), and a save sends only the
// fields the form shows, so the others stay unchanged on the server (issue 7 §3).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import * as core from '@qiming/core';
import * as api from '@/api/user';
import { initI18n } from '@/i18n';
import BaseInfo from './BaseInfo';

jest.mock('@/api/user', () => ({ getBaseInfo: jest.fn(), updateBaseInfo: jest.fn() }));
const getBaseInfo = api.getBaseInfo as jest.Mock;
const updateBaseInfo = api.updateBaseInfo as jest.Mock;

const stored: api.BaseInfo = {
  id: 'u1',
  account: 'zhangsan',
  realName: '张三',
  gender: '1',
  birthday: null,
  mobilePhone: '13800138000',
  telePhone: '010-12345678',
  email: 'zhangsan@example.com',
  nation: '汉族',
  nativePlace: '北京',
  education: '本科',
  urgentContacts: '李四',
  urgentTelePhone: '13900139000',
  postalAddress: '北京市',
  signature: '你好',
  organize: '总院',
  position: '医生',
  creatorTime: 0,
  headIcon: '',
  certificatesType: '身份证',
  certificatesNumber: '110105194912310021',
  landline: '',
  entryDate: null,
  avatar: '/api/file/Image/userAvatar/default.svg',
  manager: '',
  prevLogTime: null,
  roleId: '',
  isAdministrator: false,
  changePasswordDate: null,
};

// A ten-field antd form in jsdom, checked through WASM as the user types: slower than most.
jest.setTimeout(60_000);

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  getBaseInfo.mockResolvedValue({ code: 200, msg: '', data: stored });
  updateBaseInfo.mockReset().mockResolvedValue({ code: 200, msg: '保存成功', data: null });
});

async function settle() {
  // antd validates asynchronously; the core loads once.
  for (let i = 0; i < 5; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

/** A button by its text (getByRole is slow on a form this size in jsdom). */
function button(text: RegExp): HTMLElement {
  const found = screen.getByText(text).closest('button');
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

async function openEditor() {
  render(
    <App>
      <BaseInfo />
    </App>,
  );
  await settle();
  await act(async () => {
    fireEvent.click(button(/编辑资料/));
  });
  await settle();
}

async function type(label: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
  await settle();
}

test('every input takes its length from the core (电话 20, as the server)', async () => {
  await openEditor();
  const limits = Object.fromEntries(core.baseInfoFields().map((f) => [f.name, f.maxLength]));
  const shown: Record<string, string> = {
    realName: '姓名',
    mobilePhone: '手机',
    telePhone: '电话',
    email: '邮箱',
    urgentContacts: '紧急联系人',
    urgentTelePhone: '紧急电话',
    postalAddress: '通讯地址',
    signature: '个性签名',
  };
  for (const [name, label] of Object.entries(shown)) {
    expect({ name, maxLength: screen.getByLabelText(label).getAttribute('maxlength') }).toEqual({
      name,
      maxLength: String(limits[name]),
    });
  }
  expect(screen.getByLabelText('电话').getAttribute('maxlength')).toBe('20');
});

test('the core checks each field: required name, phone and e-mail rules', async () => {
  await openEditor();
  await type('姓名', '   ');
  expect(screen.getByText('请输入姓名')).toBeTruthy();
  await type('手机', '123');
  expect(screen.getByText('请正确输入您的手机号')).toBeTruthy();
  await type('邮箱', 'a@');
  expect(screen.getByText('请正确输入您的邮箱地址')).toBeTruthy();
  await type('手机', '13800138000');
  expect(screen.queryByText('请正确输入您的手机号')).toBeNull();
  await act(async () => {
    fireEvent.click(button(/保\s*存/));
  });
  await settle();
  expect(updateBaseInfo).not.toHaveBeenCalled();
});

test('a save sends only what the form shows: 民族, 学历 and the certificate stay as stored', async () => {
  await openEditor();
  await type('电话', '021-87654321');
  await act(async () => {
    fireEvent.click(button(/保\s*存/));
  });
  await settle();
  expect(updateBaseInfo).toHaveBeenCalledTimes(1);
  const sent = updateBaseInfo.mock.calls[0][0] as Record<string, unknown>;
  expect(Object.keys(sent).sort()).toEqual(
    ['birthday', 'email', 'gender', 'mobilePhone', 'postalAddress', 'realName', 'signature', 'telePhone', 'urgentContacts', 'urgentTelePhone'].sort(),
  );
  expect(sent.telePhone).toBe('021-87654321');
  expect(sent.realName).toBe('张三');
  // What the form sends passes the server's check (the same core function).
  expect(core.checkBaseInfo(sent)).toEqual({});
});

test("the server's per-field refusal shows under the field, and the editor stays open with what was typed", async () => {
  updateBaseInfo.mockRejectedValue({ code: 400, msg: '邮箱已被使用', data: { email: ['邮箱已被使用'], nation: ['民族无效'] } });
  await openEditor();
  await type('邮箱', 'taken@example.com');
  await act(async () => {
    fireEvent.click(button(/保\s*存/));
  });
  await settle();
  expect(updateBaseInfo).toHaveBeenCalledTimes(1);
  const item = screen.getByLabelText('邮箱').closest('.ant-form-item')!;
  expect(item.querySelector('.ant-form-item-explain-error')?.textContent).toBe('邮箱已被使用');
  expect((screen.getByLabelText('邮箱') as HTMLInputElement).value).toBe('taken@example.com');
  // 民族 is not on the form: its message is not put anywhere (the toast showed the envelope's msg).
  expect(screen.queryByText('民族无效')).toBeNull();
});
