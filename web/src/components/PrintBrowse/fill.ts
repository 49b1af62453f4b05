/**
 * A print template filled for one record in the browser, for the preview and for printing
 * (jnpf-wire-engine2.md §6.3, §6.4; the server's Word download follows the same rules in
 * server/src/visualdev/print_dev/fill.rs and docx.rs):
 * - `data-tag="headTable.f"` shows `printData.f`; a table whose first field names the detail
 *   group G repeats its rows holding a G field once per row of `printData.G` (the other rows,
 *   headers, once); a G field outside such a table shows all rows' values joined by `,`;
 * - `null.systemPrinter`, `null.systemPrintTime`, `null.systemApprovalContent` (a 5-column
 *   table of the approval records);
 * - 大写金额(x) and 千位分隔符(x,n) replaced only when x is a number (the core's rules);
 * - escaped `<qrCode>` (error level H, 265×265 by default), `<barCode>` (bars 4 wide, 80 high,
 *   no text) and `<img>` (JSON `[{url}]`) become pictures; empty ones are removed;
 * - TinyMCE's `<!-- pagebreak -->` becomes a page-break paragraph.
 */
import QRCode from 'qrcode';
import JsBarcode from 'jsbarcode';

export interface OperatorRecord {
  nodeName: string;
  userName: string;
  handleTime: number;
  handleStatus: number;
  handleOpinion: string;
}

export interface PrintData {
  printTemplate: string;
  printData: Record<string, unknown>;
  operatorRecordList: OperatorRecord[];
}

export interface FillCore {
  toChineseAmount(v: string): string;
  thousands(v: string, decimals: number): string;
}

export interface Printing {
  /** userName/userAccount of the printing user. */
  printer: string;
  /** yyyy-MM-dd HH:mm. */
  time: string;
  /** An approval record's time as shown. */
  formatTime(ms: number): string;
}

const HANDLE_STATUS = ['退回', '通过', '发起', '撤回', '终止', '指派', '加签', '转审', '变更', '复活'];
const HEAD_TABLE = 'headTable';

const text = (v: unknown): string => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const numeric = (x: string) => /^[-+]?(\d+\.?\d*|\.\d+)$/.test(x.trim());

function tagOf(el: Element): [string, string] | null {
  if (el.tagName !== 'SPAN') return null;
  const tag = el.getAttribute('data-tag') ?? '';
  const dot = tag.indexOf('.');
  return dot > 0 ? [tag.slice(0, dot), tag.slice(dot + 1)] : null;
}

function rowsOf(data: Record<string, unknown>, group: string): Record<string, unknown>[] {
  const rows = data[group];
  return Array.isArray(rows) ? (rows.filter((r) => r && typeof r === 'object') as Record<string, unknown>[]) : [];
}

function approvalTable(doc: Document, records: OperatorRecord[], printing: Printing): HTMLTableElement {
  const table = doc.createElement('table');
  table.setAttribute('border', '1');
  table.style.borderCollapse = 'collapse';
  table.style.width = '100%';
  const row = (cells: string[]) => {
    const tr = doc.createElement('tr');
    for (const c of cells) {
      const td = doc.createElement('td');
      td.textContent = c;
      tr.appendChild(td);
    }
    table.appendChild(tr);
  };
  row(['节点名称', '操作人员', '操作时间', '执行动作', '备注']);
  for (const r of records) row([r.nodeName, r.userName, printing.formatTime(r.handleTime), HANDLE_STATUS[r.handleStatus] ?? '', r.handleOpinion]);
  return table;
}

/** Replaces the field spans under `root`; `row` is the detail row a repeated table row prints. */
function fillFields(root: Element, data: Record<string, unknown>, print: PrintData, printing: Printing, row?: [string, Record<string, unknown>]) {
  for (const span of Array.from(root.querySelectorAll('span[data-tag]'))) {
    if (!root.contains(span)) continue;
    const tag = tagOf(span);
    if (!tag) continue;
    const [group, field] = tag;
    const doc = span.ownerDocument;
    if (group === HEAD_TABLE) span.replaceWith(doc.createTextNode(text(data[field])));
    else if (group === 'null') {
      if (field === 'systemPrinter') span.replaceWith(doc.createTextNode(printing.printer));
      else if (field === 'systemPrintTime') span.replaceWith(doc.createTextNode(printing.time));
      else if (field === 'systemApprovalContent') span.replaceWith(approvalTable(doc, print.operatorRecordList ?? [], printing));
      else span.replaceWith(doc.createTextNode(''));
    } else if (row && row[0] === group) span.replaceWith(doc.createTextNode(text(row[1][field])));
    else span.replaceWith(doc.createTextNode(rowsOf(data, group).map((r) => text(r[field])).join(',')));
  }
}

function repeatTables(root: Element, data: Record<string, unknown>, print: PrintData, printing: Printing) {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    const first = Array.from(table.querySelectorAll('span[data-tag]')).map(tagOf).find((t) => t);
    if (!first || first[0] === HEAD_TABLE || first[0] === 'null') continue;
    const group = first[0];
    const rows = rowsOf(data, group);
    for (const tr of Array.from(table.querySelectorAll('tr'))) {
      const holds = Array.from(tr.querySelectorAll('span[data-tag]')).some((s) => tagOf(s)?.[0] === group);
      if (!holds) continue;
      for (const r of rows) {
        const copy = tr.cloneNode(true) as Element;
        fillFields(copy, data, print, printing, [group, r]);
        tr.parentNode?.insertBefore(copy, tr);
      }
      tr.remove();
    }
  }
}

const attrPx = (attrs: string, name: string): number | undefined => {
  const m = new RegExp(`${name}\\s*=\\s*['"]?(\\d+)`).exec(attrs);
  return m ? Number(m[1]) : undefined;
};

function barcodeSvg(value: string): string {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  try {
    JsBarcode(svg, value, { format: 'CODE128', width: 4, height: 80, displayValue: false, margin: 10 });
  } catch {
    return escapeHtml(value);
  }
  return svg.outerHTML;
}

/** The template of `print` filled for its record, as HTML. */
export async function fillTemplate(print: PrintData, core: FillCore | null, printing: Printing): Promise<string> {
  const data = print.printData && typeof print.printData === 'object' ? print.printData : {};
  const doc = document.implementation.createHTMLDocument('print');
  const root = doc.createElement('div');
  root.innerHTML = (print.printTemplate ?? '').replace(/<!--\s*pagebreak\s*-->/g, '<span data-page-break="1"></span>');
  repeatTables(root, data, print, printing);
  fillFields(root, data, print, printing);
  for (const mark of Array.from(root.querySelectorAll('span[data-page-break]'))) {
    const p = doc.createElement('p');
    p.style.pageBreakAfter = 'always';
    const parent = mark.parentElement;
    // <p><!-- pagebreak --></p>: the paragraph itself becomes the break.
    if (parent && parent !== root && parent.tagName === 'P' && parent.childNodes.length === 1) parent.replaceWith(p);
    else mark.replaceWith(p);
  }
  let html = root.innerHTML;
  // The functions, on the text after filling (the field spans are text now).
  html = html.replace(/大写金额\(([^()<>]*)\)/g, (whole, x: string) => (numeric(x) && core ? core.toChineseAmount(x.trim()) : whole));
  html = html.replace(/千位分隔符\(([^()<>]*)\)/g, (whole, arg: string) => {
    const comma = arg.lastIndexOf(',');
    const x = (comma >= 0 ? arg.slice(0, comma) : arg).trim();
    const n = comma >= 0 ? arg.slice(comma + 1).trim() : '';
    if (!numeric(x) || !core) return whole;
    const decimals = /^\d+$/.test(n) ? Number(n) : (x.split('.')[1] ?? '').length;
    return core.thousands(x, decimals);
  });
  const pictures: Promise<[string, string]>[] = [];
  html = html.replace(/&lt;(qrCode|barCode|img)([^&]*)&gt;([\s\S]*?)&lt;\/\1&gt;/g, (_whole, name: string, attrs: string, inner: string) => {
    const value = inner.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').trim();
    if (!value) return '';
    const width = attrPx(attrs, 'width');
    const height = attrPx(attrs, 'height');
    const size = `${width ? ` width="${width}"` : ''}${height ? ` height="${height}"` : ''}`;
    if (name === 'barCode') return barcodeSvg(value);
    if (name === 'qrCode') {
      const key = `@@qm-qr-${pictures.length}@@`;
      const w = width ?? 265;
      pictures.push(QRCode.toDataURL(value, { errorCorrectionLevel: 'H', width: Math.max(w, height ?? w), margin: 1 }).then((url) => [key, `<img src="${url}" width="${w}" height="${height ?? w}" alt="">`]));
      return key;
    }
    let urls: string[] = [];
    try {
      const parsed = JSON.parse(value) as unknown;
      urls = Array.isArray(parsed) ? parsed.map((p) => (p && typeof p === 'object' ? String((p as { url?: unknown }).url ?? '') : '')).filter(Boolean) : [];
    } catch {
      urls = [value];
    }
    return urls.map((u) => `<img src="${escapeHtml(u)}"${size} alt="">`).join('');
  });
  for (const [key, img] of await Promise.all(pictures)) html = html.replace(key, img);
  return html;
}
