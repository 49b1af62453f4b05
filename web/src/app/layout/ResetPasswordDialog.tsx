/**
 * The forced first-login password change (AUTH-021/022): a 600px dialog that cannot be
 * dismissed while the server refuses other work (请先修改初始密码). Signing out is the only
 * other way out.
 */
import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/stores/user';
import PasswordForm from '@/pages/profile/PasswordForm';

export const RESET_PASSWORD_DIALOG_WIDTH = 600;

export default function ResetPasswordDialog() {
  const { t } = useTranslation();
  const open = useUser((s) => s.mustChangePassword);
  return (
    <Modal
      open={open}
      title={t('password.forcedTitle')}
      width={RESET_PASSWORD_DIALOG_WIDTH}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      destroyOnHidden
      className="qm-reset-password"
    >
      <Alert type="warning" showIcon title={t('password.forcedTip')} style={{ marginBottom: 16 }} />
      <PasswordForm
        extraActions={
          <Button onClick={() => void useUser.getState().logout()}>{t('password.logout')}</Button>
        }
      />
    </Modal>
  );
}
