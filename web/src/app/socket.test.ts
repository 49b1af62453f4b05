// The session's end pushed over the socket (CHAT-028): a password just changed is an expected
// end and reads as information; any other reason stays an error.
import { logoutNotice } from './socket';

test('密码已修改，请重新登录 is information, not an error', () => {
  expect(logoutNotice('密码已修改，请重新登录')).toEqual({ kind: 'info', text: '密码已修改，请重新登录' });
});

test('another reason, or none, is an error', () => {
  expect(logoutNotice('账号已被禁用，请联系管理员')).toEqual({ kind: 'error', text: '账号已被禁用，请联系管理员' });
  expect(logoutNotice('').kind).toBe('error');
});
