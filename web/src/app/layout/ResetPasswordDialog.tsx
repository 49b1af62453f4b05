/**
 * The forced password change (AUTH-021/022): a 600px dialog that cannot be dismissed while the
 * server refuses other work — after the first sign-in (请先修改初始密码) or once the periodic
 * change is overdue (密码已过期，请修改密码). Signing out is the only other way out.
 */
import { Alert, Button } from 'antd';
import { FormModal } from '@/components/FormModal';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/stores/user';
import PasswordForm from '@/pages/profile/PasswordForm';

export const RESET_PASSWORD_DIALOG_WIDTH = 600;

export default function ResetPasswordDialog() {
  const { t } = useTranslation();
  const open = useUser((s) => s.mustChangePassword);
  const overdue = useUser((s) => Number(s.userInfo?.passwordOverdue) === 1);
  return (
    <FormModal open={open} title={t(overdue ? 'password.overdueTitle' : 'password.forcedTitle')}
      width={RESET_PASSWORD_DIALOG_WIDTH} closable={false} keyboard={false} footer={null} className="qm-reset-password">
      <Alert type="warning" showIcon title={t(overdue ? 'password.overdueTip' : 'password.forcedTip')} style={{ marginBottom: 16 }} />
      <PasswordForm
        extraActions={
          <Button onClick={() => void useUser.getState().logout()}>{t('password.logout')}</Button>
        }
      />
    </FormModal>
  );
}
