/**
 * Where opening a message leads (spec 01 §4 "Opening a message"; MSG-014..017;
 * jnpf-wire-areas.md §4): decided from the list's row and the ReadInfo answer.
 *
 * - type 4 (schedule): bodyText is JSON `{type, id, groupId}`; its type 3 (the schedule is
 *   gone) opens nothing, any other opens the schedule viewer (MSG-014);
 * - type 2 (workflow) with flowType 2: the entrust page, `?config=<body type>` (MSG-015);
 * - types 1 and 3: the message view dialog (MSG-016);
 * - any other workflow message: /workFlowDetail with the body base64-encoded (MSG-017).
 */
import type { MessageInfo } from '@/api/message';

export type MessageTarget =
  | { kind: 'view' }
  | { kind: 'schedule'; id: string; groupId: string }
  | { kind: 'route'; to: string }
  | { kind: 'none' };

function parse(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown) => (v == null ? '' : String(v));

/** UTF-8 safe base64 (btoa alone takes Latin-1 only). */
export function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export function messageTarget(info: Pick<MessageInfo, 'type' | 'flowType' | 'bodyText'>): MessageTarget {
  if (info.type === 4) {
    const body = parse(info.bodyText);
    if (!body || Number(body.type) === 3 || !body.id) return { kind: 'none' };
    return { kind: 'schedule', id: str(body.id), groupId: str(body.groupId) || '0' };
  }
  if (info.type === 2) {
    if (info.flowType === 2) {
      const body = parse(info.bodyText);
      return { kind: 'route', to: `/workFlow/entrust?config=${encodeURIComponent(str(body?.type))}` };
    }
    return { kind: 'route', to: `/workFlowDetail?config=${encodeURIComponent(base64(info.bodyText))}` };
  }
  return { kind: 'view' };
}
