/**
 * A chat message's content as the socket carries it (jnpf-wire.md "Chat drawer flow"): text
 * for `text`; for an image or voice an object `{path, name, width, height}` in live frames and
 * the same as JSON text in the history.
 */
import type { Frame } from '@/stores/socket';

export interface ChatImage {
  path: string;
  name?: string;
  width?: number;
  height?: number;
}

export interface ChatLine {
  key: string;
  mine: boolean;
  type: string;
  text: string;
  image: ChatImage | null;
  time: number;
}

export function imageOf(content: unknown): ChatImage | null {
  let v = content;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== 'object' || typeof (v as ChatImage).path !== 'string') return null;
  return v as ChatImage;
}

let seq = 0;

function line(mine: boolean, type: string, content: unknown, time: unknown, id?: unknown): ChatLine {
  const image = type === 'text' ? null : imageOf(content);
  return {
    key: id != null && id !== '' ? String(id) : `live-${++seq}`,
    mine,
    type,
    text: typeof content === 'string' && !image ? content : '',
    image,
    time: Number(time) || Date.now(),
  };
}

/** A row of a `messageList` frame, as seen by `me`. */
export function historyLine(row: Record<string, unknown>, me: string): ChatLine {
  return line(String(row.sendUserId) === me, String(row.contentType ?? 'text'), row.content, row.sendTime, row.id);
}

/** A live frame's line for the chat with `peer`, or null when it belongs to another chat. */
export function liveLine(frame: Frame, peer: string): ChatLine | null {
  if (frame.method === 'receiveMessage' && String(frame.formUserId) === peer) return line(false, String(frame.messageType ?? 'text'), frame.formMessage, frame.dateTime);
  if (frame.method === 'sendMessage' && String(frame.toUserId) === peer) return line(true, String(frame.messageType ?? 'text'), frame.toMessage, frame.dateTime);
  return null;
}

/** The conversation list's one-line summary of a message. */
export function summary(type: string, content: unknown, imageWord: string, voiceWord: string): string {
  if (type === 'image') return `[${imageWord}]`;
  if (type === 'voice') return `[${voiceWord}]`;
  return typeof content === 'string' ? content : '';
}
