/** /api/permission/Users/Current: the signed-in user's own data (spec 02 §7.5, PROF-*). */
import type { Page } from './request';
import { request as send } from './http';

export interface BaseInfo {
  id: string;
  account: string;
  realName: string;
  gender: string | number | null;
  birthday: number | null;
  mobilePhone: string;
  telePhone: string;
  email: string;
  nation: string;
  nativePlace: string;
  education: string;
  urgentContacts: string;
  urgentTelePhone: string;
  postalAddress: string;
  signature: string;
  organize: string;
  position: string;
  creatorTime: number | null;
  headIcon: string;
  certificatesType?: string;
  certificatesNumber?: string;
}

export interface ModifyPasswordForm {
  /** MD5 hex */
  oldPassword: string;
  /** MD5 hex */
  password: string;
  /** As typed, so that the server can check the policy through the core. */
  plainPassword: string;
  code: string;
  timestamp: string;
}

export interface LoginLogEntry {
  id: string;
  creatorTime: number;
  userName: string;
  ipaddress: string;
  ipaddressName: string;
  platForm: string;
  browser: string;
  loginMark: number;
  abstracts: string;
}

const BASE = '/api/permission/Users/Current';

/** PROF-003 */
export function getBaseInfo() {
  return send<BaseInfo>({ url: `${BASE}/BaseInfo` });
}

export function updateBaseInfo(info: Partial<BaseInfo>) {
  return send({ url: `${BASE}/BaseInfo`, method: 'PUT', data: info });
}

/** PROF-004, AUTH-037 */
export function modifyPassword(form: ModifyPasswordForm) {
  return send({ url: `${BASE}/Actions/ModifyPassword`, method: 'POST', data: form });
}

/** AUTH-036: the change-password captcha image. */
export function passwordCaptchaUrl(key: string): string {
  return `/api/file/ImageCode/${key}`;
}

/** PROF-005, SHELL-043 */
export function saveTheme(theme: string) {
  return send({ url: `${BASE}/SystemTheme`, method: 'PUT', data: { theme } });
}

/** PROF-005, SHELL-044 */
export function saveLanguage(language: string) {
  return send({ url: `${BASE}/SystemLanguage`, method: 'PUT', data: { language } });
}

/** PROF-006: the login log. */
export function getLoginLog(query: { currentPage: number; pageSize: number; keyword?: string }) {
  return send<Page<LoginLogEntry>>({ url: `${BASE}/SystemLog`, data: { ...query, category: 1 } });
}

/** PROF-008, SHELL-020: switch the current system. */
export function switchMajor(majorId: string, majorType = 'System') {
  return send({ url: `${BASE}/major`, method: 'PUT', data: { majorId, majorType } });
}
