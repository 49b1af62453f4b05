// The server's per-field messages land under the form's own fields (a 400 with
// data: {field: [msg, …]}), on a real antd form.
import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { applyServerErrors, fieldErrorsOf, toNamePath } from './formErrors';

let form: FormInstance;
function Probe() {
  const [f] = Form.useForm();
  form = f;
  return (
    <Form form={f} initialValues={{ account: 'zhangsan', realName: '张三' }}>
      <Form.Item name="account" label="账户">
        <Input />
      </Form.Item>
      <Form.Item name="realName" label="姓名">
        <Input />
      </Form.Item>
      <Form.Item name="password" label="新密码">
        <Input />
      </Form.Item>
      <Form.Item name={['items', 0, 'name']} label="名称">
        <Input />
      </Form.Item>
    </Form>
  );
}

const errorText = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

test('each message is shown under its field; the values typed stay', async () => {
  render(<Probe />);
  let result!: ReturnType<typeof applyServerErrors>;
  await act(async () => {
    result = applyServerErrors(form, {
      code: 400,
      msg: '账户已存在',
      data: { account: ['账户已存在'], realName: ['姓名最多50个字符', '姓名不能包含空格'], 'items[0].name': ['名称重复'], nation: ['民族无效'] },
    });
  });
  expect(result.applied.sort()).toEqual(['account', 'items[0].name', 'realName']);
  expect(result.unmatched).toEqual({ nation: ['民族无效'] });
  expect(form.getFieldError('account')).toEqual(['账户已存在']);
  expect(form.getFieldError('realName')).toEqual(['姓名最多50个字符', '姓名不能包含空格']);
  expect(form.getFieldError(['items', 0, 'name'])).toEqual(['名称重复']);
  expect(await screen.findByText('账户已存在')).toBeTruthy();
  expect(screen.getByText('名称重复')).toBeTruthy();
  expect(errorText()).not.toContain('民族无效');
  expect(form.getFieldValue('account')).toBe('zhangsan');
});

test('a server name can be given to another field (plainPassword → password)', async () => {
  render(<Probe />);
  await act(async () => {
    applyServerErrors(form, { code: 400, msg: 'x', data: { plainPassword: ['无法校验新密码的强度'] } }, { plainPassword: 'password' });
  });
  expect(form.getFieldError('password')).toEqual(['无法校验新密码的强度']);
});

test('an error without field messages changes nothing', async () => {
  render(<Probe />);
  for (const error of [
    { code: 400, msg: '参数错误', data: null },
    { code: 500, msg: '系统异常', data: { account: ['not a field error'] } },
    { code: 0, msg: '请求出错，请重试', data: null },
    new Error('network'),
    undefined,
  ]) {
    await act(async () => {
      expect(applyServerErrors(form, error)).toEqual({ applied: [], unmatched: {} });
    });
  }
  expect(errorText()).toEqual([]);
});

test('fieldErrorsOf keeps only non-empty string messages; toNamePath reads dots and indexes', () => {
  expect(fieldErrorsOf({ code: 400, msg: '', data: { a: ['x', '', 3], b: [], c: 'single' } })).toEqual({ a: ['x'], c: ['single'] });
  expect(fieldErrorsOf({ code: 400, msg: '', data: ['a'] })).toBeNull();
  expect(toNamePath('items[0].name')).toEqual(['items', 0, 'name']);
  expect(toNamePath('a.b')).toEqual(['a', 'b']);
  expect(toNamePath(['x', 1])).toEqual(['x', 1]);
});
