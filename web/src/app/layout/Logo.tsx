/** Logo and system title from the system config (SHELL-008). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '@/stores/settings';
import { useUser } from '@/stores/user';

export default function Logo({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  const cached = useSettings((s) => s.sysConfig);
  const config = useUser((s) => s.sysConfig) ?? cached;
  const logo = (config.navigationIcon as string) || (config.logoIcon as string) || '/logo.svg';
  const title = (config.title as string) || t('common.appName');
  return (
    <Link to="/" className={`qm-logo${collapsed ? ' collapsed' : ''}`} title={title}>
      <img src={logo} alt="" />
      {!collapsed && <span className="qm-logo-title">{title}</span>}
    </Link>
  );
}
