/** /api/permission/Users/Current: the signed-in user's own data (spec 02 §7.5, PROF-*). */
import type { components } from './schema';
import { api } from './client';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type BaseInfo = Schemas['BaseInfo'];
/** A profile change: fields left out stay as they are, null clears one. */
export type BaseInfoChange = Schemas['BaseInfoChange'];
export type ModifyPasswordForm = Schemas['PasswordChange'];
export type LoginLogEntry = Schemas['LoginLogEntry'];


/** PROF-003 */
export function getBaseInfo() {
  return api.GET('/api/permission/Users/Current/BaseInfo');
}

export function updateBaseInfo(info: BaseInfoChange) {
  return api.PUT('/api/permission/Users/Current/BaseInfo', { body: info });
}

/** PROF-004, AUTH-037 */
export function modifyPassword(form: ModifyPasswordForm) {
  return api.POST('/api/permission/Users/Current/Actions/ModifyPassword', { body: form });
}

/** AUTH-036: the change-password captcha image. */
export function passwordCaptchaUrl(key: string): string {
  return `/api/file/ImageCode/${key}`;
}

/** PROF-005, SHELL-043 */
export function saveTheme(theme: string) {
  return api.PUT('/api/permission/Users/Current/SystemTheme', { body: { theme } });
}

/** PROF-005, SHELL-044 */
export function saveLanguage(language: string) {
  return api.PUT('/api/permission/Users/Current/SystemLanguage', { body: { language } });
}

/** The login log (one of PROF-006's three calls; its subordinates and authorisation are not here yet). */
export function getLoginLog(query: { currentPage: number; pageSize: number; keyword?: string }) {
  return api.GET('/api/permission/Users/Current/SystemLog', { params: { query: { ...query, category: 1 } } });
}

/** PROF-008, SHELL-020: switch the current system. */
export function switchMajor(majorId: string, majorType = 'System') {
  return api.PUT('/api/permission/Users/Current/major', { body: { majorId, majorType } });
}

/** PROF-002: the avatar is the `data.name` of one's own upload to Uploader/userAvatar. */
export function setAvatar(name: string) {
  return api.PUT('/api/permission/Users/Current/Avatar/{name}', { params: { path: { name } } });
}

/** A signature image (PROF-009): `signImg` is a data-URL shown as it is. */
export type SignImage = components['schemas']['SignImg'];

/** PROF-009 */
export function getSignImages() {
  return api.GET('/api/permission/Users/Current/SignImg');
}

export function addSignImage(signImg: string, isDefault: 0 | 1) {
  return api.POST('/api/permission/Users/Current/SignImg', { body: { signImg, isDefault } });
}

export function setDefaultSignImage(id: string) {
  return api.PUT('/api/permission/Users/Current/{id}/SignImg', { params: { path: { id } } });
}

export function deleteSignImage(id: string) {
  return api.DELETE('/api/permission/Users/Current/{id}/SignImg', { params: { path: { id } } });
}
