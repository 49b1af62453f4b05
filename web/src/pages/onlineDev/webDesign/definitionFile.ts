/**
 * A model definition from pasted JSON or a file: a Base definition as `/api/visualdev/Base`
 * holds it, or a JNPF export (the same object, sometimes wrapped in `data`). Only the shape is
 * read here; what the definition says is checked by the core (checkDefinition) and by the
 * server at release.
 */
import type { ModelForm } from '@/api/visualdev';

export type ReadDefinition = { form: ModelForm } | { error: 'jsonInvalid'; reason: string } | { error: 'jsonNotObject' };

/** The fields a new definition is created with (an id and release state are the server's). */
const DROPPED = new Set(['id', 'isRelease', 'pcIsRelease', 'appIsRelease', 'version', 'creatorUser', 'creatorTime', 'lastModifyTime', 'state']);

export function readDefinition(text: string): ReadDefinition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { error: 'jsonInvalid', reason: error instanceof Error ? error.message : String(error) };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { error: 'jsonNotObject' };
  let object = parsed as Record<string, unknown>;
  // A JNPF export may wrap the entity: {data: {...}} or {data: "<json>"}.
  if (!('formData' in object) && object.data) {
    const inner = typeof object.data === 'string' ? safeParse(object.data) : object.data;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) object = inner as Record<string, unknown>;
  }
  const form = Object.fromEntries(Object.entries(object).filter(([k]) => !DROPPED.has(k)));
  return { form: form as ModelForm };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
