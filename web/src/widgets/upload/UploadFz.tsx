/**
 * The file upload widget (uploadFz; spec 02 §2.11, §4.2, §5): a button that takes files
 * through the chunked uploader, its rows while they upload, and the list of uploaded entries
 * with preview and download of each and download-all. Every check — count limit, size in the
 * chosen unit, accepted types, several files at once or one — is the rules core's
 * (`validateUpload`, `uploadIsMultiple`), the same the server applies. Read-only (disabled or
 * detailed) hides add and delete. Its value is the entry array; each add and remove goes
 * through `onChange`, so an enclosing antd Form validates the field (FILE-023).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Tooltip, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@/api/file';
import { loadCore } from '@/core';
import { useCore } from '@/hooks/useCore';
import { coreText } from '@/i18n';
import { ChunkUploader, type ChunkRow } from './chunkUpload';
import { ChunkList } from './ChunkList';
import { useFileActions } from './useFileActions';
import './upload.css';

export interface UploadLimitsProps {
  /** Most files; 0 (the default) is unlimited (FILE-009). */
  limit?: number;
  /** Largest size in `sizeUnit` (default 10 MB, FILE-011). */
  fileSize?: number;
  sizeUnit?: 'KB' | 'MB' | 'GB';
  /** Upload type (folder): annex for files, annexpic for images (FILE-007). */
  type?: string;
  pathType?: string;
  /** 1: the files are private to the uploader. */
  isAccount?: 0 | 1;
  folder?: string;
  disabled?: boolean;
  /** Shown as details: read-only. */
  detailed?: boolean;
  tipText?: string;
  /** An optional check before each file: false (or a promise of false) ignores it (FILE-025). */
  beforeUpload?(file: File): boolean | Promise<boolean>;
}

export interface UploadFzProps extends UploadLimitsProps {
  value?: FileEntry[] | null;
  onChange?(value: FileEntry[]): void;
  /** Accepted types: image/*, video/*, audio/*, .xls, .xlsx, .doc, .docx, .pdf, .txt (FILE-012). */
  accept?: string;
  buttonText?: string;
}

/** The limits the core reads from a widget definition. */
export function limitsField(p: UploadLimitsProps & { accept?: string }) {
  return { limit: p.limit ?? 0, fileSize: p.fileSize ?? 10, sizeUnit: p.sizeUnit ?? 'MB', accept: p.accept ?? '' };
}

/** A holder of the latest props, for callbacks made by long-lived objects (the uploader). */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

export function UploadFz(props: UploadFzProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const core = useCore();
  const { type = 'annex', disabled, detailed, tipText, buttonText } = props;
  const value = useMemo(() => props.value ?? [], [props.value]);
  const readOnly = !!(disabled || detailed);
  const latest = useLatest({ ...props, value });
  const [rows, setRows] = useState<ChunkRow[]>([]);
  const actions = useFileActions(type);

  const uploader = useMemo(
    () =>
      new ChunkUploader({
        target: { type, pathType: props.pathType, isAccount: props.isAccount, folder: props.folder },
        // FILE-022: the merged file joins the value.
        onSuccess: (entry) => latest.current.onChange?.([...latest.current.value, entry]),
        onReadError: (name) => message.error(t('upload.readError', { name })), // FILE-044
        // FILE-026/027: the server's message for 1.5 s, else 上传失败.
        onError: (_, msg) => message.error(msg || t('upload.failed'), 1.5),
        onChange: setRows,
      }),
    // The target is fixed for the widget's life, as a form field's definition is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => () => uploader.destroy(), [uploader]);

  const take = async (file: File) => {
    const core = await loadCore();
    const { value } = latest.current;
    // FILE-010..012: count (the files still uploading count too), type, size.
    const problem = core.validateUpload(limitsField(latest.current), 'file', value.length + uploader.pending(), { name: file.name, size: file.size });
    if (problem) {
      message.error(coreText(problem));
      return;
    }
    if (latest.current.beforeUpload && !(await latest.current.beforeUpload(file))) return; // FILE-025
    uploader.add(file);
  };

  const remove = (entry: FileEntry) => props.onChange?.(value.filter((e) => e !== entry));
  const size = (bytes?: number) => (core && bytes !== undefined && bytes !== null ? core.fileSizeText(bytes) : '');
  const multiple = core ? core.uploadIsMultiple(limitsField(props)) : true;

  return (
    <div className="qm-upload-fz">
      <div className="qm-upload-bar">
        {!readOnly && (
          <Upload
            multiple={multiple}
            accept={props.accept || undefined}
            showUploadList={false}
            beforeUpload={(file) => {
              void take(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>{buttonText || t('upload.button')}</Button>
          </Upload>
        )}
        <Button icon={<DownloadOutlined />} onClick={() => void actions.downloadAll(value).catch(() => undefined)}>
          {t('upload.downloadAll')}
        </Button>
      </div>
      {tipText && !readOnly && <div className="qm-upload-tip">{tipText}</div>}
      {!readOnly && <ChunkList rows={rows} onAction={(id, action) => uploader.act(id, action)} />}
      {value.length > 0 ? (
        <ul className="qm-upload-files">
          {value.map((entry) => (
            <li key={entry.fileId} className="qm-upload-file">
              <PaperClipOutlined />
              <span className="qm-upload-file-name" title={entry.name}>
                {entry.name}
              </span>
              <span className="qm-upload-file-size">{size(entry.fileSize)}</span>
              <Tooltip title={t('upload.preview')}>
                <Button type="text" size="small" icon={<EyeOutlined />} aria-label={t('upload.preview')} onClick={() => void actions.preview(entry)} />
              </Tooltip>
              <Tooltip title={t('upload.download')}>
                <Button type="text" size="small" icon={<DownloadOutlined />} aria-label={t('upload.download')} onClick={() => void actions.download(entry).catch(() => undefined)} />
              </Tooltip>
              {!readOnly && (
                <Tooltip title={t('upload.remove')}>
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('upload.remove')} onClick={() => remove(entry)} />
                </Tooltip>
              )}
            </li>
          ))}
        </ul>
      ) : (
        readOnly && <div className="qm-upload-empty">{t('upload.empty')}</div>
      )}
      {actions.modal}
    </div>
  );
}
