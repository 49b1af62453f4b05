/** /api/oauth: sign-in, session, lock screen (spec 01 §7, 02 §7.5, jnpf-wire.md). */
import { api, undocumented } from './client';
import type { components } from './schema';
import type { PasswordPolicy } from '@qiming/core';
import type { CachedSysConfig } from '@/stores/settings';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

/** What the login page fills in; the JNPF constants are added by `login`. */
export type LoginForm = Pick<Schemas['LoginForm'], 'account' | 'password' | 'code' | 'timestamp'>;
export type LoginResult = Schemas['LoggedIn'];
export type SystemEntry = Schemas['SystemEntry'];
export type UserInfo = Schemas['UserInfo'];
/** The public settings (the server documents them as an open object). */
export type SysConfigInfo = CachedSysConfig & PasswordPolicy & Record<string, unknown>;
export type CurrentUser = Omit<Schemas['CurrentUser'], 'sysConfigInfo'> & { sysConfigInfo: SysConfigInfo };

/** AUTH-002: form-urlencoded with the JNPF field names. */
export function login(form: LoginForm) {
  return api.POST('/api/oauth/Login', { body: { ...form, origin: 'password', jnpf_ticket: '', grant_type: 'password' }, form: true });
}

export function getLoginConfig() {
  return api.GET('/api/oauth/getLoginConfig');
}

/** AUTH-012: whether this account needs a captcha. */
export function getConfig(account: string) {
  return api.GET('/api/oauth/getConfig/{account}', { params: { path: { account } } });
}

/** The login captcha image; `key` is sent back as `timestamp`. */
export function loginCaptchaUrl(length: number, key: string): string {
  return `/api/oauth/ImageCode/${length}/${key}`;
}

/** AUTH-008 */
export function getCurrentUser() {
  return api.GET('/api/oauth/CurrentUser');
}

/** AUTH-013 */
export function updatePasswordMessage() {
  return api.POST('/api/oauth/updatePasswordMessage');
}

/** AUTH-015 */
export function logout() {
  return api.GET('/api/oauth/Logout');
}

/** AUTH-018: lock the session on the server. */
export function lockScreen() {
  // Locking sends an empty form (the JNPF client's); the document names the unlock's fields.
  return api.POST('/api/oauth/LockScreen', { body: undocumented({} as { account: string | null; password: string | null }, {}) });
}

/** AUTH-020: unlock with the account and the MD5 of the password. */
export function unlockScreen(account: string, password: string) {
  return api.POST('/api/oauth/LockScreen', { body: { account, password } });
}
