// The session rules of the user store that need no server: CurrentUser validation
// (AUTH-010, PERM-002) and when the forced password change applies (AUTH-022).
import type { CurrentUser, UserInfo } from '@/api/auth';
import { initI18n } from '@/i18n';
import { checkCurrentUser, mustChangePassword, useUser } from './user';

beforeAll(() => initI18n('zh-CN'));

// Only what these rules read; the rest of the generated type is left out.
const user = (over: Partial<UserInfo> = {}): UserInfo =>
  ({
    userId: '1',
    userAccount: 'admin',
    userName: '管理员',
    changePasswordDate: null,
    systemIds: [{ id: 's', enCode: 'main', name: '启明', icon: '', sortCode: 0, currentSystem: true }],
    ...over,
  }) as UserInfo;

test('AUTH-022: forced change only with changePasswordDate null and the flag 1', () => {
  expect(mustChangePassword(user(), { mandatoryModificationOfInitialPassword: 1 })).toBe(true);
  expect(mustChangePassword(user(), { mandatoryModificationOfInitialPassword: 0 })).toBe(false);
  expect(mustChangePassword(user({ changePasswordDate: 1_700_000_000_000 }), { mandatoryModificationOfInitialPassword: 1 })).toBe(false);
});

test('the periodic change: an overdue password forces the change whatever the initial-password flag', () => {
  expect(mustChangePassword(user({ changePasswordDate: 1_700_000_000_000, passwordOverdue: 1 }), { mandatoryModificationOfInitialPassword: 0 })).toBe(true);
  expect(mustChangePassword(user({ changePasswordDate: 1_700_000_000_000, passwordOverdue: 0 }), { mandatoryModificationOfInitialPassword: 1 })).toBe(false);
});

test('AUTH-010, PERM-002: CurrentUser without user info fails verification; an empty menu means no permission', () => {
  const ok = { userInfo: user(), menuList: [{ id: '1', enCode: 'home', fullName: '首页', type: 2 }], permissionList: [], sysConfigInfo: {} } as unknown as CurrentUser;
  expect(checkCurrentUser(ok)).toBeNull();
  expect(checkCurrentUser(null)).toBe('验证失败，请重新登录。');
  expect(checkCurrentUser({ ...ok, userInfo: undefined } as unknown as CurrentUser)).toBe('验证失败，请重新登录。');
  expect(checkCurrentUser({ ...ok, menuList: [] })).toBe('您的权限不足，请联系管理员');
});

test('AUTH-016: resetting the token forgets the session, menus, permissions, views and the lock', () => {
  localStorage.setItem('jnpf_token', 'Bearer x|String');
  localStorage.setItem('jnpf_lock', '{"account":"admin","userName":"管理员"}');
  useUser.setState({ token: 'Bearer x', userInfo: user(), loaded: true, permissionList: [{ modelId: '1' }] });
  useUser.getState().resetToken();
  expect(useUser.getState()).toMatchObject({ token: '', userInfo: null, loaded: false, permissionList: [], menus: [], lockInfo: null, signedOut: true });
  expect(localStorage.getItem('jnpf_token')).toBeNull();
  expect(localStorage.getItem('jnpf_lock')).toBeNull();
});
