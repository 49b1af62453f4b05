/**
 * The bridge to the rules core (qiming-core compiled to WASM by core-wasm). Every shared rule
 * — MD5 of the password, the password policy, validation rules, permission matching — is
 * called from here; none is re-implemented in TypeScript.
 *
 * The module (about a megabyte of WASM) is loaded once, lazily, off the login page's critical
 * path: `preloadCore()` starts the download when the login page is idle or the password field
 * gets focus; each function awaits the load.
 */
import type { CoreMessage } from '@/i18n';

type Core = typeof import('@qiming/core');

let loading: Promise<Core> | null = null;

/** Loads the WASM module (once). */
export function loadCore(): Promise<Core> {
  if (!loading) {
    loading = import('@qiming/core').catch((error: unknown) => {
      loading = null; // let a later call retry, e.g. after a flaky network
      throw error;
    });
  }
  return loading;
}

/** Starts loading when the browser is idle (or soon, where requestIdleCallback is missing). */
export function preloadCore(): void {
  const start = () => void loadCore().catch(() => undefined);
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

/** Lower-case hex MD5 of the UTF-8 text, as the login and password calls send it. */
export async function md5Hex(text: string): Promise<string> {
  return (await loadCore()).md5Hex(text);
}

/** The password policy fields of the system config (spec 01 §3.10). */
export interface PasswordPolicy {
  passwordStrengthLimit?: number;
  passwordLengthMin?: number;
  passwordLengthMinNumber?: number;
  containsNumbers?: number;
  includeLowercaseLetters?: number;
  includeUppercaseLetters?: number;
  containsCharacters?: number;
  mandatoryModificationOfInitialPassword?: number;
}

/** Every policy rule the new password breaks (AUTH-026..032), empty when it passes. */
export async function checkPassword(policy: PasswordPolicy, password: string): Promise<CoreMessage[]> {
  return (await loadCore()).checkPasswordMessages(policy, password) as CoreMessage[];
}

/** The repeat-password rule (AUTH-033/034): null when it matches. */
export async function checkRepeat(password: string, repeat: string): Promise<CoreMessage | null> {
  return (await loadCore()).checkRepeat(password, repeat) as CoreMessage | null;
}

/** A named validation rule (phone, email, account, …): null when `value` passes. */
export async function checkRule(rule: string, value: string): Promise<CoreMessage | null> {
  return (await loadCore()).checkRule(rule, value) as CoreMessage | null;
}

/** An entry of CurrentUser's permissionList. */
export interface PermissionEntry {
  modelId: string;
  moduleName?: string;
  button?: { enCode: string }[];
  column?: { enCode: string }[];
  form?: { enCode: string }[];
  resource?: { enCode: string }[];
}

/** Button permission of a page (PERM-009); the core must be loaded (`loadCore`). */
export async function hasButton(list: PermissionEntry[], modelId: string, code: string): Promise<boolean> {
  return (await loadCore()).hasButton(list, modelId, code);
}
