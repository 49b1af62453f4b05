/**
 * The home page with a default portal (jnpf-wire-engine2.md §2.5): the portal's `auth` answer
 * rendered. Qiming keeps the home page useful when the portal cannot be shown (a network
 * failure as JNPF does, and also a refusal — the portal disabled or no longer the user's):
 * the built-in dashboard, under a note saying why.
 */
import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { getPortalAuth, type PortalAuth } from '@/api/portal';
import Loading from '@/app/Loading';
import Dashboard from './Dashboard';
import PortalView from './portal/PortalView';

export function usePortalAuth(portalId: string, systemId: string): PortalAuth | null | undefined {
  const [answer, setAnswer] = useState<PortalAuth | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setAnswer(undefined);
    getPortalAuth(portalId, systemId).then(
      ({ data }) => live && setAnswer(data),
      () => live && setAnswer(null),
    );
    return () => {
      live = false;
    };
  }, [portalId, systemId]);
  return answer;
}

export default function PortalHome({ portalId, systemId }: { portalId: string; systemId: string }) {
  const { t } = useTranslation();
  const answer = usePortalAuth(portalId, systemId);
  if (answer === undefined) return <Loading />;
  if (answer === null)
    return (
      <>
        <Alert type="info" showIcon className="qm-portal-fallback" title={t('portal.fallback')} />
        <Dashboard />
      </>
    );
  return <PortalView portalId={portalId} systemId={systemId} answer={answer} />;
}
