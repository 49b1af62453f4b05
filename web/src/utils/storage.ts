/**
 * localStorage under the JNPF names (spec 01 §3.4): every key carries the prefix `jnpf_`.
 * Values are JSON; a corrupt or foreign value reads as the fallback instead of breaking
 * start-up.
 */
export const PREFIX = 'jnpf_';

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function getItem<T>(key: string, fallback: T): T {
  const raw = store()?.getItem(PREFIX + key);
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function setItem(key: string, value: unknown): void {
  store()?.setItem(PREFIX + key, JSON.stringify(value));
}

export function removeItem(key: string): void {
  store()?.removeItem(PREFIX + key);
}

/** A raw string value (no JSON), for the keys JNPF writes as plain text. */
export function getRaw(key: string): string | null {
  return store()?.getItem(PREFIX + key) ?? null;
}

export function setRaw(key: string, value: string): void {
  store()?.setItem(PREFIX + key, value);
}

// The session token is kept as `<token>|String` the way the JNPF client stores it, and read
// back up to the first `|` (jnpf-wire.md: a token never contains one).
const TOKEN = 'token';

export function getToken(): string {
  const raw = getRaw(TOKEN);
  return raw ? raw.split('|')[0] : '';
}

export function setToken(token: string): void {
  setRaw(TOKEN, `${token}|String`);
}

export function removeToken(): void {
  removeItem(TOKEN);
}
