/**
 * /api/system: system configuration, the administrators and the third-party office chat
 * (spec 02 §7.11; jnpf-wire-areas.md §2.6).
 */
import { request } from './http';
import type { SysConfigInfo } from './auth';
import type { PasswordPolicy } from '@qiming/core';
import type { components } from './schema';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type AdminItem = Schemas['UserItem'];
export type SyncTotal = Schemas['SyncTotal'];
export type WeComTestForm = Schemas['WeComTestForm'];
export type DingTalkTestForm = Schemas['DingTalkTestForm'];

/** SYS-003: every signed-in client reads it at start-up; administrators also get the (masked) secrets. */
export function getSysConfig() {
  return request<SysConfigInfo>({ url: '/api/system/SysConfig' });
}

/** SYS-003: administrators change settings; only those sent change. */
export function saveSysConfig(settings: Record<string, unknown>) {
  return request({ url: '/api/system/SysConfig', method: 'PUT', data: settings });
}

/** AUTH-024: the password policy. */
export function getPasswordPolicy() {
  return request<PasswordPolicy>({ url: '/api/system/SysConfig/getPasswordPolicy' });
}

/** SYS-009: the administrators, as user-picker items. */
export function getAdminList() {
  return request<AdminItem[] | null>({ url: '/api/system/SysConfig/getAdminList' });
}

/** SYS-008, SYS-009: exactly these users are administrators. */
export function setAdminList(adminIds: string[]) {
  return request({ url: '/api/system/SysConfig/setAdminList', method: 'PUT', data: { adminIds } });
}

/** SYS-004: WeCom's token with the application's Secret (0, 连接测试) or the contacts-sync Secret (1, 同步测试). */
export function testWeCom(type: 0 | 1, form: WeComTestForm) {
  return request({ url: `/api/system/SysConfig/${type}/testQyWebChatConnect`, method: 'POST', data: form });
}

/** SYS-004: DingTalk's token with the AppKey and AppSecret. */
export function testDingTalk(form: DingTalkTestForm) {
  return request({ url: '/api/system/SysConfig/testDingTalkConnect', method: 'POST', data: form });
}

/** The services: 1 WeCom (企业微信), 2 DingTalk (钉钉). */
export type SyncService = 1 | 2;

/** SYS-005: two rows, 组织 then 用户. */
export function getSyncTotals(service: SyncService) {
  return request<SyncTotal[]>({ url: `/api/system/SynThirdInfo/getSynThirdTotal/${service}` });
}

/** The sync call of a totals row: organisations when its synType is 组织 (as the JNPF client decides). */
export function syncToService(service: SyncService, synType: string) {
  const what = synType === '组织' ? 'Organize' : 'User';
  const to = service === 1 ? 'Qy' : 'Ding';
  return request<SyncTotal>({ url: `/api/system/SynThirdInfo/synAll${what}SysTo${to}`, data: { type: 0 } });
}
