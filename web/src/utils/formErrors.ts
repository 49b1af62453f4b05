/**
 * The server's per-field messages on a form. A refused save answers 400 with
 * `data: {field: [msg, …]}` (jnpf-wire.md; server/src/error.rs `FieldErrors`), and the HTTP
 * client rejects with that envelope after toasting its msg. `applyServerErrors` puts each
 * message under the form's own field, so the user sees what to fix where they typed it and
 * loses nothing they entered.
 */
import type { FormInstance } from 'antd';

export type FieldErrors = Record<string, string[]>;
type NamePath = string | number | (string | number)[];

/** The per-field messages a rejected request carries, or null when it carries none. */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!error || typeof error !== 'object') return null;
  const { code, data } = error as { code?: unknown; data?: unknown };
  if (code !== 400 || !data || typeof data !== 'object' || Array.isArray(data)) return null;
  const out: FieldErrors = {};
  for (const [name, messages] of Object.entries(data as Record<string, unknown>)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string' && m !== '');
    if (list.length) out[name] = list;
  }
  return Object.keys(out).length ? out : null;
}

/** `items[0].name` → ['items', 0, 'name'] (antd's name path). */
export function toNamePath(name: NamePath): (string | number)[] {
  if (Array.isArray(name)) return name;
  if (typeof name === 'number') return [name];
  return name
    .split(/\.|\[(\d+)\]/)
    .filter((part) => part !== undefined && part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const key = (path: (string | number)[]) => path.join('.');

export interface AppliedErrors {
  /** The server's names whose messages are now shown under a field. */
  applied: string[];
  /** Messages for names the form does not show (the toast has shown the envelope's msg). */
  unmatched: FieldErrors;
}

/**
 * Shows the per-field messages of `error` under the fields of `form` that have them.
 * `rename` maps a server field to the form's field when they differ (the server checks
 * `plainPassword`, the form calls it `password`). Fields the form does not have are left in
 * `unmatched`; an error without field messages changes nothing.
 */
export function applyServerErrors<Values = unknown>(
  form: FormInstance<Values>,
  error: unknown,
  rename: Record<string, NamePath> = {},
): AppliedErrors {
  const fields = fieldErrorsOf(error);
  const result: AppliedErrors = { applied: [], unmatched: {} };
  if (!fields) return result;
  // The form's registered fields: a message goes only where the user can see it.
  const registered = new Set(form.getFieldsError().map((f) => key(f.name)));
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const [server, messages] of Object.entries(fields)) {
    const name = toNamePath(rename[server] ?? server);
    if (!registered.has(key(name))) {
      result.unmatched[server] = messages;
      continue;
    }
    const entry = byField.get(key(name)) ?? { name, errors: [] };
    entry.errors.push(...messages.filter((m) => !entry.errors.includes(m)));
    byField.set(key(name), entry);
    result.applied.push(server);
  }
  if (byField.size) form.setFields([...byField.values()] as Parameters<FormInstance<Values>['setFields']>[0]);
  return result;
}
