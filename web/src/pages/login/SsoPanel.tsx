/** The login page when single sign-on is on: where to sign in instead (loaded only then). */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export default function SsoPanel({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon title={t('login.ssoDesc')} style={{ marginBottom: 24 }} />
      <Button type="primary" size="large" block href={url}>
        {t('login.sso')}
      </Button>
    </>
  );
}
