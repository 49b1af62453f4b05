/** /api/oauth: sign-in, session, lock screen (spec 01 §7, 02 §7.5, jnpf-wire.md). */
import { request } from './http';
import type { MenuEntry } from '@/app/menu';
import type { PermissionEntry, PasswordPolicy } from '@qiming/core';
import type { CachedSysConfig } from '@/stores/settings';

export interface LoginForm {
  account: string;
  /** MD5 hex of the typed password. */
  password: string;
  code: string;
  /** The captcha key. */
  timestamp: string;
}

export interface LoginResult {
  token: string;
  theme: string;
}

export interface SystemEntry {
  id: string;
  enCode?: string;
  name: string;
  icon?: string;
  currentSystem: boolean;
}

export interface UserInfo {
  userId: string;
  userAccount: string;
  userName: string;
  headIcon?: string;
  portalId?: string;
  signImg?: string;
  changePasswordDate: number | null;
  organizeId?: string;
  organizeName?: string;
  positionIds?: { id: string; name?: string }[];
  positionName?: string;
  prevLogin?: number;
  prevLoginTime?: number | null;
  prevLoginIPAddress?: string | null;
  prevLoginIPAddressName?: string | null;
  loginTime?: number;
  loginIPAddress?: string;
  loginIPAddressName?: string;
  isAdministrator?: boolean;
  systemIds: SystemEntry[];
  theme?: string;
  language?: string;
}

export type SysConfigInfo = CachedSysConfig & PasswordPolicy & Record<string, unknown>;

export interface CurrentUser {
  userInfo: UserInfo;
  menuList: MenuEntry[];
  permissionList: PermissionEntry[];
  sysConfigInfo: SysConfigInfo;
}

/** AUTH-002: form-urlencoded with the JNPF field names. */
export function login(form: LoginForm) {
  return request<LoginResult>({
    url: '/api/oauth/Login',
    method: 'POST',
    form: true,
    data: { ...form, origin: 'password', jnpf_ticket: '', grant_type: 'password' },
  });
}

export function getLoginConfig() {
  return request<{ redirect: boolean; url: string; ticketParams: string; socialsList: unknown[] }>({
    url: '/api/oauth/getLoginConfig',
  });
}

/** AUTH-012: whether this account needs a captcha. */
export function getConfig(account: string) {
  return request<{ enableVerificationCode: number | boolean; verificationCodeNumber: number }>({
    url: `/api/oauth/getConfig/${encodeURIComponent(account)}`,
  });
}

/** The login captcha image; `key` is sent back as `timestamp`. */
export function loginCaptchaUrl(length: number, key: string): string {
  return `/api/oauth/ImageCode/${length}/${key}`;
}

/** AUTH-008 */
export function getCurrentUser() {
  return request<CurrentUser>({ url: '/api/oauth/CurrentUser' });
}

/** AUTH-013 */
export function updatePasswordMessage() {
  return request({ url: '/api/oauth/updatePasswordMessage', method: 'POST' });
}

/** AUTH-015 */
export function logout() {
  return request({ url: '/api/oauth/Logout' });
}

/** AUTH-018: lock the session on the server. */
export function lockScreen() {
  return request({ url: '/api/oauth/LockScreen', method: 'POST', data: {} });
}

/** AUTH-020: unlock with the account and the MD5 of the password. */
export function unlockScreen(account: string, password: string) {
  return request({ url: '/api/oauth/LockScreen', method: 'POST', data: { account, password } });
}
