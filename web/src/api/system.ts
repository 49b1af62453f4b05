/**
 * /api/system: system configuration, the administrators and the third-party office chat
 * (spec 02 §7.11; jnpf-wire-areas.md §2.6).
 */
import { api } from './client';
import type { Envelope } from './request';
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
  // The document leaves this answer untyped (an open object); the app reads it as SysConfigInfo.
  return api.GET('/api/system/SysConfig') as unknown as Promise<Envelope<SysConfigInfo>>;
}

/** SYS-003: administrators change settings; only those sent change. */
export function saveSysConfig(settings: Record<string, unknown>) {
  return api.PUT('/api/system/SysConfig', { body: settings });
}

/** AUTH-024: the password policy. */
export function getPasswordPolicy() {
  return api.GET('/api/system/SysConfig/getPasswordPolicy') as Promise<Envelope<PasswordPolicy>>;
}

/** SYS-009: the administrators, as user-picker items. */
export function getAdminList() {
  return api.GET('/api/system/SysConfig/getAdminList');
}

/** SYS-008, SYS-009: exactly these users are administrators. */
export function setAdminList(adminIds: string[]) {
  return api.PUT('/api/system/SysConfig/setAdminList', { body: { adminIds } });
}

/** SYS-004: WeCom's token with the application's Secret (0, 连接测试) or the contacts-sync Secret (1, 同步测试). */
export function testWeCom(type: 0 | 1, form: WeComTestForm) {
  return api.POST('/api/system/SysConfig/{type}/testQyWebChatConnect', { params: { path: { type: String(type) } }, body: form });
}

/** SYS-004: DingTalk's token with the AppKey and AppSecret. */
export function testDingTalk(form: DingTalkTestForm) {
  return api.POST('/api/system/SysConfig/testDingTalkConnect', { body: form });
}

/** The services: 1 WeCom (企业微信), 2 DingTalk (钉钉). */
export type SyncService = 1 | 2;

/** SYS-005: two rows, 组织 then 用户. */
export function getSyncTotals(service: SyncService) {
  return api.GET('/api/system/SynThirdInfo/getSynThirdTotal/{type}', { params: { path: { type: String(service) } } });
}

/** The sync call of a totals row: organisations when its synType is 组织 (as the JNPF client decides). */
export function syncToService(service: SyncService, synType: string) {
  const organize = synType === '组织';
  const query = { type: 0 };
  if (service === 1) {
    return organize
      ? api.GET('/api/system/SynThirdInfo/synAllOrganizeSysToQy', { params: { query } })
      : api.GET('/api/system/SynThirdInfo/synAllUserSysToQy', { params: { query } });
  }
  return organize
    ? api.GET('/api/system/SynThirdInfo/synAllOrganizeSysToDing', { params: { query } })
    : api.GET('/api/system/SynThirdInfo/synAllUserSysToDing', { params: { query } });
}
