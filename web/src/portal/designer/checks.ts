/**
 * The designer's checks before a save (jnpf-wire-engine2.md §2.1 "Designer"), card by card and
 * inside card and tab containers, as JNPF refuses: a menu link without its menu
 * ({label}控件“菜单名称”属性不能为空), an external link without an address or not a URL
 * ({label}控件“链接地址”属性不能为空 / 请输入正确的链接地址) — the card header's, and the
 * text, image and carousel entries' own, for the PC and the `app…` keys; an image or a video
 * from a URL (styleType 2) without one or with a bad one; an iframe without or with a bad
 * address. The first problem is the answer (a message key of `portalDesign.check` and its
 * parameters), null when the draft may be saved.
 */
import type { PortalItem } from '@/pages/home/portal/definition';

export type Problem =
  | { key: 'required'; label: string; prop: 'menu' | 'link' | 'image' | 'video' }
  | { key: 'badLink' | 'badImage' | 'badVideo' };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
export const isUrl = (v: string) => /^https?:\/\/[^\s]+$/i.test(v);

type Keys = Record<string, unknown>;

/** A link's keys (`linkType`, `moduleId`, `urlAddress`, and the same with `app`). */
function checkLink(keys: Keys | undefined, label: string): Problem | null {
  if (!keys) return null;
  for (const [linkType, moduleId, urlAddress] of [
    ['linkType', 'moduleId', 'urlAddress'],
    ['appLinkType', 'appModuleId', 'appUrlAddress'],
  ]) {
    const kind = text(keys[linkType]);
    if (kind === '1' && !text(keys[moduleId])) return { key: 'required', label, prop: 'menu' };
    if (kind === '2') {
      const url = text(keys[urlAddress]);
      if (!url) return { key: 'required', label, prop: 'link' };
      if (!isUrl(url)) return { key: 'badLink' };
    }
  }
  return null;
}

function checkUrl(value: unknown, label: string, prop: 'link' | 'image' | 'video'): Problem | null {
  const url = text(value && typeof value === 'object' ? (value as Keys).url : value);
  if (!url) return { key: 'required', label, prop };
  if (!isUrl(url)) return { key: prop === 'link' ? 'badLink' : prop === 'image' ? 'badImage' : 'badVideo' };
  return null;
}

function checkItem(item: PortalItem): Problem | null {
  const label = text(item.label) || text(item.title) || text(item.jnpfKey);
  const option = (item.option ?? {}) as Keys;
  const header = checkLink(item.card as Keys | undefined, label);
  if (header) return header;
  switch (item.jnpfKey) {
    case 'text':
      return checkLink(option, label);
    case 'image':
      return (Number(option.styleType) === 2 ? checkUrl(option.defaultValue, label, 'image') : null) ?? checkLink(option, label);
    case 'video':
      return Number(option.styleType) === 2 ? checkUrl(option.defaultValue, label, 'video') : null;
    case 'iframe':
      return checkUrl(option.defaultValue, label, 'link');
    case 'carousel': {
      const entries = Array.isArray(option.defaultValue) ? (option.defaultValue as Keys[]) : [];
      for (const entry of entries) {
        const found = (Number(entry.dataType) === 2 ? checkUrl(entry.imageUrl, label, 'image') : null) ?? checkLink(entry, label);
        if (found) return found;
      }
      return null;
    }
    default:
      return null;
  }
}

/** Cards inside a card container or a tab's panes. */
function inner(item: PortalItem): PortalItem[] {
  const children = Array.isArray(item.children) ? (item.children as Keys[]) : [];
  if (item.jnpfKey === 'tab') return children.flatMap((pane) => (Array.isArray(pane.children) ? (pane.children as PortalItem[]) : []));
  return children as PortalItem[];
}

export function checkLayout(layout: PortalItem[]): Problem | null {
  for (const item of layout) {
    const found = checkItem(item) ?? checkLayout(inner(item));
    if (found) return found;
  }
  return null;
}
