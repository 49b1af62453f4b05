/** /api/system: system configuration (spec 02 §7.11). */
import { request } from './http';
import type { SysConfigInfo } from './auth';
import type { PasswordPolicy } from '@qiming/core';

/** SYS-003: every signed-in client reads it at start-up. */
export function getSysConfig() {
  return request<SysConfigInfo>({ url: '/api/system/SysConfig' });
}

/** AUTH-024: the password policy. */
export function getPasswordPolicy() {
  return request<PasswordPolicy>({ url: '/api/system/SysConfig/getPasswordPolicy' });
}
