/**
 * A portal menu (type 8, jnpf-wire-engine2.md §1.4): the portal its propertyJson.moduleId
 * names, rendered as the home page renders one. A refusal shows why (the JNPF client shows an
 * empty area there).
 */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import Loading from '@/app/Loading';
import { useUser } from '@/stores/user';
import { currentSystemId } from './Home';
import { usePortalAuth } from './PortalHome';
import PortalView from './portal/PortalView';
import './home.css';

export default function PortalPage({ portalId }: { portalId: string }) {
  const { t } = useTranslation();
  const systemId = useUser((s) => currentSystemId(s.userInfo?.systemIds));
  const answer = usePortalAuth(portalId, systemId);
  if (answer === undefined) return <Loading />;
  if (answer === null) return <Result status="warning" title={t('portal.unavailable')} />;
  return <PortalView portalId={portalId} systemId={systemId} answer={answer} />;
}
