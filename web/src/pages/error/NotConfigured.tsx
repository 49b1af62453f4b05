/** Public pages whose provider comes later (/sso, /auth-redirect, /formShortLink): say so plainly. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotConfigured({ kind }: { kind: 'sso' | 'authRedirect' | 'formShortLink' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="qm-fullpage">
      <Result
        status="info"
        title={t(`public.${kind}`)}
        subTitle={t(`public.${kind}Desc`)}
        extra={<Button onClick={() => navigate('/login')}>{t('public.backLogin')}</Button>}
      />
    </div>
  );
}
