/**
 * Printing a record or a batch with a print template (issue 29; jnpf-wire-engine2.md §6.4):
 * - `<PrintFlow templateIds formIds title onClose />`: no template → 请配置打印模板 and nothing
 *   else; one template → its preview at once; several → the 400px dialog 请选择打印模板 listing
 *   the enabled ones (`getListOptions`), a click chooses;
 * - the preview is full screen: the template filled for each record (`fill.ts`, a page break
 *   between records), 下载 (a real .docx from the server, `printDev/{id}/Actions/Docx`), 打印
 *   (the filled pages printed from a hidden iframe; `printLog/save` once the print dialog has
 *   closed), 取消.
 * The callers check the selection (请选择一条数据) before they open it.
 */
import { useEffect, useState } from 'react';
import { App, Button, Modal, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { getBatchPrintData, getPrintData, getPrintDocx, getPrintOptions, savePrintLog } from '@/api/printDev';
import { useCore } from '@/hooks/useCore';
import { useUser } from '@/stores/user';
import { downloadUrl } from '@/utils/download';
import { formatInZone } from '@/utils/clock';
import { fillTemplate, type PrintData } from './fill';
import './print.css';

export interface PrintFlowProps {
  /** The print templates configured for the form or list (printId / printIds). */
  templateIds: string[];
  /** The records to print (one for the detail view, the selection for 批量打印). */
  formIds: string[];
  /** The print's name in the log when the template's own name is not known. */
  title: string;
  onClose(): void;
}

const PAGE_BREAK = '<p style="page-break-after:always;"></p>';

export function PrintFlow({ templateIds, formIds, title, onClose }: PrintFlowProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ids = templateIds.filter(Boolean);
  const [chosen, setChosen] = useState<{ id: string; fullName: string } | null>(ids.length === 1 ? { id: ids[0], fullName: title } : null);
  const [options, setOptions] = useState<{ id: string; fullName: string }[] | null>(null);

  useEffect(() => {
    if (ids.length === 0) {
      void message.warning(t('printPreview.noTemplate'));
      onClose();
      return;
    }
    if (ids.length === 1) return;
    let alive = true;
    getPrintOptions(ids).then(
      ({ data }) => alive && setOptions((data ?? []).map((o) => ({ id: String(o.id), fullName: String(o.fullName) }))),
      () => alive && onClose(),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chosen once per opening
  }, []);

  if (ids.length === 0) return null;
  if (chosen) return <PrintPreview templateId={chosen.id} title={chosen.fullName || title} formIds={formIds} onClose={onClose} />;
  return (
    <Modal open width={400} title={t('printPreview.choose')} footer={null} onCancel={onClose} className="qm-print-choose">
      {!options ? (
        <Spin />
      ) : (
        <ul className="qm-print-options">
          {options.map((o) => (
            <li key={o.id}>
              <Button type="link" onClick={() => setChosen(o)}>
                {o.fullName}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** Opens the browser's print dialog for a window (tests replace it: jsdom has no print dialog). */
export const printDialog = { open: (win: Window) => win.print() };

/** Prints `html` from a hidden iframe; resolves once the browser's print dialog has closed. */
export function printHtml(html: string, title: string): Promise<void> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.className = 'qm-print-frame';
    frame.setAttribute('aria-hidden', 'true');
    frame.style.position = 'fixed';
    frame.style.width = '0';
    frame.style.height = '0';
    frame.style.border = '0';
    frame.style.right = '0';
    frame.style.bottom = '0';
    document.body.appendChild(frame);
    const win = frame.contentWindow;
    const doc = frame.contentDocument ?? win?.document;
    if (!win || !doc) {
      frame.remove();
      resolve();
      return;
    }
    doc.open();
    doc.write(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title.replace(/</g, '&lt;')}</title><style>table{border-collapse:collapse}td,th{border:1px solid #000;height:17px}</style></head><body>${html}</body></html>`);
    doc.close();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      frame.remove();
      resolve();
    };
    win.addEventListener('afterprint', finish);
    win.focus();
    // print() returns once the dialog has closed in the browsers that block on it.
    printDialog.open(win);
    setTimeout(finish, 0);
  });
}

function PrintPreview({ templateId, title, formIds, onClose }: { templateId: string; title: string; formIds: string[]; onClose(): void }) {
  const { t } = useTranslation();
  const core = useCore();
  const user = useUser((s) => s.userInfo) as Record<string, unknown> | null;
  const [records, setRecords] = useState<PrintData[] | null>(null);
  const [html, setHtml] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    let alive = true;
    const load = formIds.length === 1 ? getPrintData(templateId, formIds[0]).then(({ data }) => [data as PrintData]) : getBatchPrintData(templateId, formIds).then(({ data }) => (data ?? []) as PrintData[]);
    load.then(
      (list) => alive && setRecords(list),
      () => alive && onClose(),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per opening
  }, [templateId, formIds.join(',')]);

  useEffect(() => {
    if (!records || !core) return;
    let alive = true;
    const printer = [user?.userName, user?.userAccount].filter((v) => typeof v === 'string' && v).join('/');
    const printing = { printer, time: formatInZone(Date.now(), 'YYYY-MM-DD HH:mm'), formatTime: (ms: number) => formatInZone(ms, 'YYYY-MM-DD HH:mm') };
    void Promise.all(records.map((r) => fillTemplate(r, core, printing))).then((pages) => alive && setHtml(pages.join(PAGE_BREAK)));
    return () => {
      alive = false;
    };
  }, [records, core, user]);

  const download = () => {
    setDownloading(true);
    getPrintDocx(templateId, formIds).then(
      ({ data }) => {
        setDownloading(false);
        if (data?.url) downloadUrl(data.url);
      },
      () => setDownloading(false),
    );
  };
  const print = () => {
    if (html == null) return;
    void printHtml(html, title).then(() => savePrintLog({ printTitle: title, printNum: formIds.length, printId: templateId }).catch(() => undefined));
  };

  return (
    <Modal
      open
      width="100%"
      className="qm-print-preview"
      wrapClassName="qm-print-preview-wrap"
      title={t('printPreview.preview')}
      onCancel={onClose}
      footer={null}
      closable={false}
    >
      <div className="qm-print-preview-bar">
        <Space>
          <Button type="primary" loading={downloading} onClick={download} disabled={html == null}>
            {t('printPreview.download')}
          </Button>
          <Button type="primary" onClick={print} disabled={html == null}>
            {t('printPreview.print')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Space>
      </div>
      {html == null ? <Spin className="qm-print-loading" /> : <div className="qm-print-page" data-testid="print-page" dangerouslySetInnerHTML={{ __html: html }} />}
    </Modal>
  );
}
