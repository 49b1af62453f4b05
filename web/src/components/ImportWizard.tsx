/**
 * The Excel import wizard (spec 01 §2.10, §4, §5.5, §8; spec 02 §7.3): a 1000px dialog of three
 * steps — 上传文件, 数据预览, 导入数据 (IMP-001).
 *
 * 1. The template is offered for download (IMP-024). A chosen file is checked by the rules core
 *    before it is sent — there, xls or xlsx, under 500 KB (checkImportFile, IMP-003..005) — and
 *    sent at once (IMP-021); only the last one is kept (IMP-007); a refused upload shows the
 *    server's message (the HTTP client's toast) and the file goes (IMP-008). 下一步 without an
 *    uploaded file says 请先上传文件; with one, the preview is asked for (IMP-022) and only a
 *    preview that arrived moves on (IMP-002).
 * 2. The rows, editable in place and removable, with 上一步 and 下一步; 下一步 imports them
 *    (IMP-009; the answer has the shape of IMP-023) after the core has checked their number (checkImportRows: 导入数据为空,
 *    at most 500, IMP-006, IMP-010).
 * 3. The result (IMP-011, IMP-015): how many were imported and how many failed; the failed rows
 *    with their reason 异常原因 (errorsInfo, IMP-013), exportable (IMP-025, IMP-014); 关闭. Closing
 *    after an import tells the list to refresh (IMP-012).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Input, Result, Space, Steps, Table, Upload, type UploadFile } from 'antd';
import { FormModal } from './FormModal';
import { DeleteOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@/api/request';
import { loadCore } from '@/core';
import { coreText } from '@/i18n';
import { downloadUrl } from '@/utils/download';

/** The wizard's width (spec 01 §2.10, §9). */
export const IMPORT_WIZARD_WIDTH = 1000;
/** The reason column of a refused row. */
export const REASON_KEY = 'errorsInfo';

export type Row = Record<string, string>;

export interface WizardResult {
  resultType: number;
  snum: number;
  fnum: number;
  failResult: Row[];
}

export interface ImportWizardProps<R extends WizardResult> {
  open: boolean;
  title: string;
  /** The columns of the template, the preview and the failures: key and header. */
  columns: { key: string; title: string }[];
  downloadTemplate(): Promise<Envelope<{ url: string }>>;
  upload(file: File): Promise<Envelope<{ name: string }>>;
  preview(fileName: string): Promise<Envelope<{ dataRow: Row[] }>>;
  importRows(list: Row[]): Promise<Envelope<R>>;
  exportFailures(list: Row[]): Promise<Envelope<{ url: string }>>;
  /** What the result says besides the counts (the imported users' initial password). */
  resultExtra?(result: R): ReactNode;
  /** `imported`: rows were stored, the list must refresh. */
  onClose(imported: boolean): void;
}

/** Text of an Excel cell as the server answered it. */
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function ImportWizard<R extends WizardResult>({
  open,
  title,
  columns,
  downloadTemplate,
  upload,
  preview,
  importRows,
  exportFailures,
  resultExtra,
  onClose,
}: ImportWizardProps<R>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileName, setFileName] = useState('');
  const [rows, setRows] = useState<(Row & { __key: string })[]>([]);
  const [result, setResult] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setStep(0);
    setFiles([]);
    setFileName('');
    setRows([]);
    setResult(null);
  }, [open]);

  const fetchUrl = async (call: () => Promise<Envelope<{ url: string }>>) => {
    try {
      const { data } = await call();
      if (data?.url) downloadUrl(data.url);
      else void message.error(t('common.requestError'), 1.5);
    } catch {
      // the HTTP client has said why
    }
  };

  const beforeUpload = async (file: File) => {
    const problem = (await loadCore()).checkImportFile(file.name, file.size);
    if (problem) {
      void message.error(coreText(problem), 1.5);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const send = async (file: File, uid: string) => {
    setFiles([{ uid, name: file.name, status: 'uploading' }]); // IMP-007: the last one only
    setFileName('');
    try {
      const { data } = await upload(file);
      setFiles([{ uid, name: file.name, status: 'done' }]);
      setFileName(data.name);
    } catch {
      setFiles([]); // IMP-008: the server's message was shown; the file goes
    }
  };

  const next = async () => {
    const problem = (await loadCore()).checkImportFile(fileName ? files[0]?.name : null, 0);
    if (problem) return void message.error(coreText(problem), 1.5); // IMP-003
    setBusy(true);
    try {
      const { data } = await preview(fileName);
      const list = Array.isArray(data?.dataRow) ? data.dataRow : [];
      setRows(list.map((r, i) => ({ ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, text(v)])), __key: String(i) })));
      setStep(1); // IMP-002
    } catch {
      // stays on the first step; the HTTP client has said why
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const problem = (await loadCore()).checkImportRows(rows.length);
    if (problem) return void message.error(coreText(problem), 1.5); // IMP-006, IMP-010
    setBusy(true);
    try {
      const list = rows.map(({ __key: _drop, ...row }) => row);
      const { data } = await importRows(list);
      setResult(data);
      setStep(2);
    } catch {
      // stays on the preview with the rows as edited
    } finally {
      setBusy(false);
    }
  };

  const close = () => onClose(Boolean(result && result.snum > 0));
  const edit = (key: string, field: string, value: string) => setRows((old) => old.map((r) => (r.__key === key ? { ...r, [field]: value } : r)));

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={close}>
            {t('common.cancel')}
          </Button>,
          <Button key="next" type="primary" loading={busy} onClick={() => void next()}>
            {t('import.next')}
          </Button>,
        ]
      : step === 1
        ? [
            <Button key="back" onClick={() => setStep(0)} disabled={busy}>
              {t('import.back')}
            </Button>,
            <Button key="next" type="primary" loading={busy} onClick={() => void submit()}>
              {t('import.next')}
            </Button>,
          ]
        : [
            <Button key="close" type="primary" onClick={close}>
              {t('common.close')}
            </Button>,
          ];

  const failures = result?.failResult ?? [];
  return (
    <FormModal open={open} title={title} width={IMPORT_WIZARD_WIDTH} className="qm-import-wizard" onCancel={close} footer={footer}>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: t('import.stepUpload') }, { title: t('import.stepPreview') }, { title: t('import.stepImport') }]}
      />
      {step === 0 && (
        <div className="qm-import-upload">
          <p>
            {t('import.templateTip')}
            <Button type="link" icon={<DownloadOutlined />} onClick={() => void fetchUrl(downloadTemplate)}>
              {t('import.downloadTemplate')}
            </Button>
          </p>
          <Upload.Dragger
            accept=".xls,.xlsx"
            maxCount={1}
            fileList={files}
            beforeUpload={beforeUpload}
            customRequest={(options) => void send(options.file as File, (options.file as UploadFile).uid ?? String(Date.now()))}
            onRemove={() => {
              setFiles([]);
              setFileName('');
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.dropHint')}</p>
            <p className="ant-upload-hint">{t('import.limitHint')}</p>
          </Upload.Dragger>
        </div>
      )}
      {step === 1 && (
        <Table<Row & { __key: string }>
          rowKey="__key"
          size="small"
          bordered
          dataSource={rows}
          scroll={{ x: Math.max(800, columns.length * 140), y: 420 }}
          pagination={{ pageSize: 10, showSizeChanger: false, showTotal: (total) => t('common.total', { total }) }}
          columns={[
            { key: 'index', title: t('import.index'), width: 60, fixed: 'left', render: (_v, _r, i) => i + 1 },
            ...columns.map((c) => ({
              key: c.key,
              title: c.title,
              dataIndex: c.key,
              width: 140,
              render: (v: string, row: Row & { __key: string }) => (
                <Input size="small" value={v ?? ''} aria-label={c.title} onChange={(e) => edit(row.__key, c.key, e.target.value)} />
              ),
            })),
            {
              key: 'remove',
              title: t('manage.actions'),
              width: 70,
              fixed: 'right' as const,
              render: (_v: unknown, row: Row & { __key: string }) => (
                <Button
                  type="link"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('import.removeRow')}
                  onClick={() => setRows((old) => old.filter((r) => r.__key !== row.__key))}
                />
              ),
            },
          ]}
        />
      )}
      {step === 2 && result && (
        <>
          <Result
            status={result.fnum ? 'warning' : 'success'}
            title={result.fnum ? t('import.partly', { snum: result.snum, fnum: result.fnum }) : t('import.allDone', { snum: result.snum })}
            subTitle={resultExtra?.(result)}
          />
          {failures.length > 0 && (
            <>
              <Space style={{ marginBottom: 8 }}>
                <Button icon={<DownloadOutlined />} onClick={() => void fetchUrl(() => exportFailures(failures))}>
                  {t('import.exportFailures')}
                </Button>
              </Space>
              <Table<Row>
                rowKey={(_r) => String(failures.indexOf(_r))}
                size="small"
                bordered
                dataSource={failures}
                scroll={{ x: Math.max(800, (columns.length + 1) * 140), y: 300 }}
                pagination={false}
                className="qm-import-failures"
                columns={[
                  { key: REASON_KEY, title: t('import.reason'), dataIndex: REASON_KEY, width: 260, fixed: 'left' },
                  ...columns.map((c) => ({ key: c.key, title: c.title, dataIndex: c.key, width: 140, ellipsis: true })),
                ]}
              />
            </>
          )}
        </>
      )}
    </FormModal>
  );
}
