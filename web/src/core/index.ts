/**
 * The bridge to the rules core (qiming-core compiled to WASM by core-wasm). Every shared rule
 * — MD5 of the password, the password policy, validation rules, permission matching — is
 * called from here; none is re-implemented in TypeScript.
 *
 * Its types (PasswordPolicy, PermissionEntry, Message, …) are the package's own declarations:
 * import them from '@qiming/core'.
 *
 * The module (about 200 KB of WASM, gzip) is loaded once, lazily, off the login page's critical
 * path: `preloadCore()` starts the download when the login page is idle or the password field
 * gets focus; each function awaits the load.
 */
import type { BaseInfoField, EntityField, FieldMessages, FlowConditionItem, FlowRoute, Message, PasswordPolicy, PermissionEntry } from '@qiming/core';

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

/** Every policy rule the new password breaks (AUTH-026..032), empty when it passes. */
export async function checkPassword(policy: PasswordPolicy, password: string): Promise<Message[]> {
  return (await loadCore()).checkPassword(policy, password);
}

/** The repeat-password rule (AUTH-033/034): null when it matches. */
export async function checkRepeat(password: string, repeat: string): Promise<Message | null> {
  return (await loadCore()).checkRepeat(password, repeat);
}

/** A named validation rule (phone, email, account, …): null when `value` passes. */
export async function checkRule(rule: string, value: string): Promise<Message | null> {
  return (await loadCore()).checkRule(rule, value);
}

/** The profile form's editable text fields with their limits and named rules. */
export async function baseInfoFields(): Promise<BaseInfoField[]> {
  return (await loadCore()).baseInfoFields();
}

/** The profile form's messages for the fields in `change` (only those are checked). */
export async function checkBaseInfo(change: Record<string, unknown>): Promise<FieldMessages> {
  return (await loadCore()).checkBaseInfo(change);
}

/** Button permission of a page (PERM-009); the core must be loaded (`loadCore`). */
export async function hasButton(list: PermissionEntry[], modelId: string, code: string): Promise<boolean> {
  return (await loadCore()).hasButton(list, modelId, code);
}

/** The administration forms whose field rules the core holds (core/src/entity.rs). */
export type EntityForm =
  | 'company'
  | 'department'
  | 'position'
  | 'role'
  | 'group'
  | 'user'
  | 'resetPassword'
  | 'system'
  | 'menu'
  | 'moduleButton'
  | 'moduleField'
  | 'dataAuthorize'
  | 'dataScheme'
  | 'dictionaryType'
  | 'dictionaryData'
  | 'billRule'
  | 'area'
  | 'dataInterface'
  | 'dataInterfaceVariate'
  | 'schedule'
  | 'sysConfig';

/** A field of an administration form as `entityFields` answers it (`when`: `[field, value, …]`). */
export type EntityFieldInfo = EntityField;

/** An administration form's fields: limits, required flags, named rules, conditions. */
export async function entityFields(form: EntityForm): Promise<EntityFieldInfo[]> {
  return (await loadCore()).entityFields(form);
}

/**
 * The messages of an administration form, as the server checks it: every field when `whole`
 * (a creation), else only the fields present.
 */
export async function checkEntity(form: EntityForm, record: Record<string, unknown>, whole: boolean): Promise<FieldMessages> {
  return (await loadCore()).checkEntity(form, record, whole);
}

/**
 * The schedule form's times (start, end, repeat end) as the server reads them
 * (`schedule::read_times`): `{}` when right, else their messages by field. Days are counted
 * in the zone `offsetMinutes` east of UTC.
 */
export async function checkScheduleTimes(record: Record<string, unknown>, offsetMinutes: number): Promise<FieldMessages> {
  return (await loadCore()).checkScheduleTimes(record, offsetMinutes);
}

/**
 * A data-permission scheme's condition (JSON text or the list of groups): `{}` when complete,
 * else the messages by where they are (`conditionJson[0].groups[1].value`).
 */
export async function checkSchemeCondition(condition: unknown): Promise<FieldMessages> {
  return (await loadCore()).checkSchemeCondition(condition);
}

/** CHAT-016, CHAT-017: the chat text trimmed; null (nothing is sent) when blank. */
export async function chatText(text: string): Promise<string | null> {
  return (await loadCore()).chatText(text);
}

/** CHAT-018, CHAT-020: images only, under 5 MB; null when the image may be sent. */
export async function checkChatImage(name: string, size: number): Promise<Message | null> {
  return (await loadCore()).checkChatImage(name, size);
}

/**
 * Whether a flow condition (a condition branch's `properties.conditions`) holds for a record —
 * the server routes tasks by the same rule (core `flow::condition_holds`, issue 30).
 */
export async function flowConditionHolds(conditions: FlowConditionItem[], record: Record<string, unknown>, offsetMinutes?: number): Promise<boolean> {
  return (await loadCore()).flowConditionHolds(conditions, record, offsetMinutes);
}

/** Where a record goes from a node of a flow's node tree (from the start when `fromNodeId` is ''): core's routing. */
export async function flowNextNodes(tree: unknown, fromNodeId: string, record: Record<string, unknown>, offsetMinutes?: number): Promise<FlowRoute> {
  return (await loadCore()).flowNextNodes(tree, fromNodeId, record, offsetMinutes);
}
