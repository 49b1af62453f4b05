/**
 * The message view dialog (spec 01 §2.5; MSG-009): title, release time, release user,
 * excerpt, the rich body (HTML the server sanitised when the notice was saved, cleaned again
 * by safeHtml before it is shown) and the
 * attachment list (read-only upload widget: download and preview).
 */
import { inZone } from '@/utils/clock';
import { Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageInfo } from '@/api/message';
import type { FileEntry } from '@/api/file';
import { UploadFz } from '@/widgets/upload';
import './messages.css';
import { DATE_FORMAT } from '@/utils/format';
import { safeHtml } from '@/utils/safeHtml';

export function filesOf(text: string | null | undefined): FileEntry[] {
  if (!text) return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as FileEntry[]) : [];
  } catch {
    return [];
  }
}

interface Props {
  info: MessageInfo | null;
  loading?: boolean;
  open: boolean;
  onClose(): void;
}

export function MessageView({ info, loading, open, onClose }: Props) {
  const { t } = useTranslation();
  const files = filesOf(info?.files);
  return (
    <Modal open={open} title={t('msg.viewTitle')} width={1000} footer={null} onCancel={onClose} destroyOnHidden className="qm-message-view">
      <Spin spinning={!!loading}>
        {info && (
          <article>
            <h2 className="qm-message-view-title">{info.title}</h2>
            <div className="qm-message-view-meta">
              <span>{inZone(info.releaseTime).format(DATE_FORMAT)}</span>
              {info.releaseUser && <span>{info.releaseUser}</span>}
            </div>
            {info.excerpt && <blockquote className="qm-message-view-excerpt">{info.excerpt}</blockquote>}
            {/* Sanitised by the server (ammonia) when the notice was saved, and again here
                (DOMPurify): a body stored before that, or by another writer, is not trusted. */}
            <div className="qm-message-view-body ql-editor" dangerouslySetInnerHTML={{ __html: safeHtml(info.bodyText) }} />
            {files.length > 0 && (
              <div className="qm-message-view-files">
                <h4>{t('msg.attachments')}</h4>
                <UploadFz value={files} detailed />
              </div>
            )}
          </article>
        )}
      </Spin>
    </Modal>
  );
}
