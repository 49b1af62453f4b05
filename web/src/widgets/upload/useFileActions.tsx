/**
 * What the upload widgets do with stored entries (FILE-008, FILE-013..015, FILE-045): preview
 * (images shown in the page, other files through Uploader/Preview in a frame), download one
 * file through its expiring link, and download all as one pack (未发现文件 when there is
 * none). Links are opened without the Authorization header, as the JNPF client opens them.
 */
import { useState } from 'react';
import { App, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadLink, entryType, linkWithName, packDownload, previewUrl, type FileEntry } from '@/api/file';
import { loadCore } from '@/core';
import { downloadUrl } from '@/utils/download';
import { getToken } from '@/utils/storage';

interface Shown {
  entry: FileEntry;
  /** The image's address, or the preview page's for a frame; null while asking. */
  src: string | null;
  image: boolean;
}

export function useFileActions(type: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [shown, setShown] = useState<Shown | null>(null);

  const download = async (entry: FileEntry) => {
    const { data } = await downloadLink(entryType(entry, type), entry.fileId);
    downloadUrl(linkWithName(data.url, entry.name));
  };

  const downloadAll = async (entries: FileEntry[]) => {
    if (!entries.length) {
      message.error(t('upload.noFiles')); // FILE-013
      return;
    }
    const { data } = await packDownload(type, entries.map((e) => ({ fileId: e.fileId, fileName: e.name })));
    downloadUrl(linkWithName(data.downloadVo.url, data.downloadName));
  };

  const preview = async (entry: FileEntry) => {
    const core = await loadCore();
    const image = core.fileCategory(entry.fileExtension ? `x.${entry.fileExtension}` : entry.name) === 'image';
    setShown({ entry, src: null, image });
    try {
      if (image) {
        // Through the download link: it serves private (isAccount) images too, which the
        // public image address does not.
        const { data } = await downloadLink(entryType(entry, type), entry.fileId);
        setShown({ entry, src: data.url, image });
        return;
      }
      const { data } = await previewUrl(entry);
      if (!data) {
        message.warning(t('upload.notExist'));
        setShown(null);
        return;
      }
      // The JNPF client hands the preview page the session token (jnpf-wire-areas.md §3).
      setShown({ entry, src: `${data}${data.includes('?') ? '&' : '?'}token=${encodeURIComponent(getToken())}`, image });
    } catch {
      setShown(null); // the client has shown the server's message
    }
  };

  const modal = (
    <Modal
      open={!!shown}
      title={shown ? t('upload.previewTitle', { name: shown.entry.name }) : ''}
      footer={null}
      width={shown?.image ? 720 : '80%'}
      onCancel={() => setShown(null)}
      destroyOnHidden
      className="qm-file-preview"
    >
      {!shown?.src ? (
        <div className="qm-file-preview-loading">
          <Spin />
        </div>
      ) : shown.image ? (
        <img src={shown.src} alt={shown.entry.name} className="qm-file-preview-image" />
      ) : (
        <iframe src={shown.src} title={shown.entry.name} className="qm-file-preview-frame" />
      )}
    </Modal>
  );

  return { download, downloadAll, preview, modal };
}
