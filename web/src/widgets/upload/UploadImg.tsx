/**
 * The image upload widget (uploadImg; spec 02 §2.11, §4.2, §5): picture cards with preview,
 * several at once unless the limit is 1 (FILE-020). The core checks each image before it is
 * sent (当前限制最多可以上传{limit}张图片, 请上传图片, 图片大小超过{size}{unit}; FILE-016..019),
 * then the common upload takes it (FILE-021). A refusal shows the server's message for 1.5 s
 * and the image is dropped (FILE-026); a failed upload shows 上传失败 (FILE-027). The value is
 * the array of {name, fileId, url} (FILE-002); each change goes through `onChange` (FILE-023).
 */
import { useMemo, useRef, useState } from 'react';
import { App, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { refusalOf, uploadFile, type FileEntry } from '@/api/file';
import { loadCore } from '@/core';
import { useCore } from '@/hooks/useCore';
import { coreText } from '@/i18n';
import { limitsField, useLatest, type UploadLimitsProps } from './UploadFz';
import { useFileActions } from './useFileActions';
import './upload.css';

export interface UploadImgProps extends UploadLimitsProps {
  value?: FileEntry[] | null;
  onChange?(value: FileEntry[]): void;
}

export function UploadImg(props: UploadImgProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const core = useCore();
  const { type = 'annexpic', disabled, detailed, tipText } = props;
  const value = useMemo(() => props.value ?? [], [props.value]);
  const readOnly = !!(disabled || detailed);
  const latest = useLatest({ ...props, value });
  const [sending, setSending] = useState<UploadFile[]>([]);
  // Images chosen together are checked one after another: the count includes those on their way.
  const inFlight = useRef(0);
  const actions = useFileActions(type);
  const multiple = core ? core.uploadIsMultiple(limitsField(props)) : true;

  const send = async (file: File) => {
    const core = await loadCore();
    const now = latest.current;
    const problem = core.validateUpload(limitsField(now), 'image', now.value.length + inFlight.current, { name: file.name, size: file.size });
    if (problem) {
      // The count is a warning in the spec; type and size are errors.
      if (problem.key === 'upload.imageCount') message.warning(coreText(problem));
      else message.error(coreText(problem));
      return;
    }
    if (now.beforeUpload && !(await now.beforeUpload(file))) return; // FILE-025
    const uid = `sending-${file.name}-${Date.now()}-${Math.random()}`;
    inFlight.current += 1;
    setSending((list) => [...list, { uid, name: file.name, status: 'uploading' }]);
    try {
      const { data } = await uploadFile({ type, pathType: now.pathType, isAccount: now.isAccount, folder: now.folder }, file, core.cleanFileName(file.name));
      const entry: FileEntry = { name: data.fileName || core.cleanFileName(file.name), fileId: data.name, url: data.url };
      latest.current.onChange?.([...latest.current.value, entry]); // FILE-022
    } catch (error) {
      message.error(refusalOf(error) || t('upload.failed'), 1.5); // FILE-026, FILE-027
    } finally {
      inFlight.current -= 1;
      setSending((list) => list.filter((f) => f.uid !== uid));
    }
  };

  const fileList: UploadFile[] = [
    ...value.map((e) => ({ uid: e.fileId, name: e.name, status: 'done' as const, url: e.url })),
    ...sending,
  ];
  const limit = props.limit ?? 0;

  return (
    <div className="qm-upload-img">
      <Upload
        listType="picture-card"
        multiple={multiple}
        accept="image/*"
        fileList={fileList}
        disabled={readOnly}
        showUploadList={{ showRemoveIcon: !readOnly, showPreviewIcon: true, showDownloadIcon: false }}
        beforeUpload={(file) => {
          void send(file);
          return Upload.LIST_IGNORE;
        }}
        onPreview={(file) => {
          const entry = value.find((e) => e.fileId === file.uid);
          if (entry) void actions.preview(entry);
        }}
        onRemove={(file) => {
          props.onChange?.(value.filter((e) => e.fileId !== file.uid));
          return false;
        }}
      >
        {!readOnly && (limit === 0 || fileList.length < limit) && (
          <button type="button" className="qm-upload-img-add" aria-label={t('upload.imageAdd')}>
            <PlusOutlined />
            <div>{t('upload.imageAdd')}</div>
          </button>
        )}
      </Upload>
      {tipText && !readOnly && <div className="qm-upload-tip">{tipText}</div>}
      {actions.modal}
    </div>
  );
}
