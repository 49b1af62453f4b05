/** /api/permission/Users/Current: the signed-in user's own data (spec 02 §7.5, PROF-*). */
import type { Page } from './request';
import type { components } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type BaseInfo = Schemas['BaseInfo'];
/** A profile change: fields left out stay as they are, null clears one. */
export type BaseInfoChange = Schemas['BaseInfoChange'];
export type ModifyPasswordForm = Schemas['PasswordChange'];
export type LoginLogEntry = Schemas['LoginLogEntry'];

const BASE = '/api/permission/Users/Current';

/** PROF-003 */
export function getBaseInfo() {
  return send<BaseInfo>({ url: `${BASE}/BaseInfo` });
}

export function updateBaseInfo(info: BaseInfoChange) {
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

/** PROF-002: the avatar is the `data.name` of one's own upload to Uploader/userAvatar. */
export function setAvatar(name: string) {
  return send({ url: `${BASE}/Avatar/${encodeURIComponent(name)}`, method: 'PUT' });
}

/** A signature image (PROF-009): `signImg` is a data-URL shown as it is. */
export type SignImage = components['schemas']['SignImg'];

/** PROF-009 */
export function getSignImages() {
  return send<SignImage[]>({ url: `${BASE}/SignImg` });
}

export function addSignImage(signImg: string, isDefault: 0 | 1) {
  return send({ url: `${BASE}/SignImg`, method: 'POST', data: { signImg, isDefault } });
}

export function setDefaultSignImage(id: string) {
  return send({ url: `${BASE}/${encodeURIComponent(id)}/SignImg`, method: 'PUT' });
}

export function deleteSignImage(id: string) {
  return send({ url: `${BASE}/${encodeURIComponent(id)}/SignImg`, method: 'DELETE' });
}
