/**
 * The initial password of a new user (or of the users an import created), shown once: the
 * server keeps only its hash and answers it only here. A copy button beside it, and the note
 * that the user must change it at the first sign-in.
 */
import { Alert, Button, Typography } from 'antd';
import { FormModal } from '@/components/FormModal';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Who it is for (an account, or the imported users) and the password; closed when null. */
  shown: { account: string; password: string } | null;
  onClose(): void;
}

/** The password with its copy button (also the import result's). */
export function PasswordText({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text className="qm-initial-password" code copyable={{ text: password, tooltips: [t('user.copy'), t('user.copied')] }}>
      {password}
    </Typography.Text>
  );
}

export function InitialPasswordDialog({ shown, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal open={shown !== null} title={t('user.initialPasswordTitle')} className="qm-user-initial-password"
      onCancel={onClose}
      footer={[
        <Button key="ok" type="primary" onClick={onClose}>
          {t('user.gotIt')}
        </Button>,
      ]}
    >
      <p>{t('user.initialPasswordOf', { account: shown?.account ?? '' })}</p>
      <p className="qm-initial-password-line">{shown && <PasswordText password={shown.password} />}</p>
      <Alert type="warning" showIcon title={t('user.initialPasswordNote')} />
    </FormModal>
  );
}
