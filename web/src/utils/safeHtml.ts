/**
 * Rich text made safe to show (issue 23 §3 web): every `dangerouslySetInnerHTML` of web/src
 * goes through `safeHtml`, which is DOMPurify (an allow-list parser, kept up to date against
 * the browsers' parsing quirks), not a hand-made blocklist.
 *
 * Kept: ordinary formatting (paragraphs, headings, lists, quotes, code, tables, bold/italic/
 * underline, colours and alignment as the editor writes them), links to http(s)/mailto/tel and
 * relative addresses, images with an http(s) or relative `src` — and raster `data:image/…`
 * images, which the rich text editor (Quill) writes for an inserted picture.
 * Removed: scripts, styles sheets, frames, objects, forms, every event handler (`on…`), and
 * `javascript:`, `vbscript:` and `data:` addresses in links (`href`, `action`, `xlink:href`…).
 * A link that opens another window (`target`) gets `rel="noopener noreferrer"`.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/** Where an image may come from: http(s), relative (no scheme), or a raster data image. */
const IMAGE_SRC = /^(?:https?:|data:image\/(?:png|jpe?g|gif|webp|bmp);base64,|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Where a link may lead: http(s), mailto, tel, or relative (no scheme). */
const LINK_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG: Config = {
  ALLOWED_URI_REGEXP: LINK_URI,
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'base', 'link', 'meta'],
  FORBID_ATTR: ['srcset', 'formaction', 'action', 'ping'],
  // The editor opens links in a new window (target="_blank"); rel is set below.
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
};

let purifier: Purifier | undefined;

/** One DOMPurify of our own (its hooks do not touch anyone else's), made on first use. */
function instance(): Purifier | undefined {
  if (purifier) return purifier;
  if (typeof window === 'undefined') return undefined;
  const made = DOMPurify(window);
  if (!made.isSupported) return undefined;
  made.addHook('uponSanitizeAttribute', (node, data) => {
    // An image's src is judged by IMAGE_SRC (raster data images allowed), not the link rule.
    if (node.nodeName === 'IMG' && data.attrName === 'src') {
      const value = data.attrValue.replace(/[\u0000-\u0020\u007F-\u009F]/g, '');
      data.keepAttr = IMAGE_SRC.test(value);
      data.forceKeepAttr = data.keepAttr || undefined;
      if (!data.keepAttr) data.attrValue = '';
    }
  });
  made.addHook('afterSanitizeAttributes', (node) => {
    if (node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = made;
  return made;
}

/**
 * The HTML with everything that could run script or leave the page removed. Without a DOM
 * (no `window`, as during a server-side render) nothing is trusted: the answer is ''.
 */
export function safeHtml(html: string): string {
  const purify = instance();
  if (!purify) return '';
  return purify.sanitize(html, CONFIG) as string;
}
