/**
 * 我的文件: the user's own files through the file upload widget, private to them (isAccount 1):
 * images, documents and large files, uploaded in chunks that can be paused and resumed (after
 * a reload, choosing the same file again resumes it: the server keeps its chunks), previewed,
 * downloaded one by one or all together. The server has no list of a user's uploads (JNPF's
 * API has none), so the entries are kept in this browser, per user, as a form keeps a field.
 */
import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@/api/file';
import { useUser } from '@/stores/user';
import { getItem, setItem } from '@/utils/storage';
import { UploadFz } from '@/widgets/upload';

const key = (userId: string) => `myFiles_${userId}`;

export default function MyFiles() {
  const { t } = useTranslation();
  const userId = useUser((s) => s.userInfo?.userId ?? '');
  const [files, setFiles] = useState<FileEntry[]>(() => getItem<FileEntry[]>(key(userId), []));

  const change = (next: FileEntry[]) => {
    setFiles(next);
    setItem(key(userId), next);
  };

  return (
    <div className="qm-my-files">
      <Alert type="info" showIcon title={t('profile.files.intro')} className="qm-my-files-intro" />
      <UploadFz value={files} onChange={change} isAccount={1} fileSize={4} sizeUnit="GB" accept="image/*,video/*,audio/*,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.pdf,.txt" />
    </div>
  );
}
