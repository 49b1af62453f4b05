/**
 * The avatar (PROF-002): the user picks an image, crops it square (antd-img-crop), the core
 * checks it as the server will (an image, under the image widget's 10 MB), it is uploaded to
 * Uploader/userAvatar and chosen with PUT Avatar/{name}; the card and the navbar show the
 * upload's url at once.
 */
import { useState } from 'react';
import { App, Avatar, Button, Upload } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import ImgCrop from 'antd-img-crop';
import { useTranslation } from 'react-i18next';
import { refusalOf, uploadFile } from '@/api/file';
import { setAvatar } from '@/api/user';
import { loadCore } from '@/core';
import { coreText } from '@/i18n';
import { useUser } from '@/stores/user';

export default function AvatarUpload() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useUser((s) => s.userInfo);
  const [saving, setSaving] = useState(false);

  const check = async (file: File) => {
    const problem = (await loadCore()).validateUpload({}, 'image', 0, { name: file.name, size: file.size });
    if (problem) message.error(coreText(problem));
    return problem ? Upload.LIST_IGNORE : true;
  };

  const save = async (file: File) => {
    setSaving(true);
    try {
      const uploaded = await uploadFile({ type: 'userAvatar' }, file, (await loadCore()).cleanFileName(file.name)).catch((error: unknown) => {
        // The upload is quiet: its refusal (or 上传失败) is said here (FILE-026, FILE-027).
        message.error(refusalOf(error) || t('upload.failed'), 1.5);
        return null;
      });
      if (!uploaded) return;
      await setAvatar(uploaded.data.name); // a refusal is shown by the HTTP client
      const current = useUser.getState().userInfo;
      if (current) useUser.setState({ userInfo: { ...current, headIcon: uploaded.data.url } });
      message.success(t('profile.avatarSaved'), 1.5);
    } catch {
      // shown already
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="qm-profile-avatar">
      <Avatar size={96} src={user?.headIcon || undefined} icon={<UserOutlined />} />
      <ImgCrop rotationSlider modalTitle={t('profile.cropTitle')} modalOk={t('common.confirm')} modalCancel={t('common.cancel')}>
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={check}
          customRequest={({ file }) => void save(file as File)}
        >
          <Button size="small" icon={<CameraOutlined />} loading={saving} className="qm-profile-avatar-button">
            {t('profile.changeAvatar')}
          </Button>
        </Upload>
      </ImgCrop>
    </div>
  );
}
