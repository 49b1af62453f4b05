/**
 * The home page (ROUTE-002, issue 31; jnpf-wire-engine2.md §2.5): the user's default portal
 * when they have one (userInfo.portalId), else the built-in dashboard — never an empty page.
 * 切换门户 chooses the default among the portals the user may open.
 */
import { useUser } from '@/stores/user';
import Dashboard from './Dashboard';
import PortalHome from './PortalHome';
import PortalSwitch from './PortalSwitch';

export function currentSystemId(systems: { id: string; currentSystem?: boolean }[] | undefined): string {
  return systems?.find((s) => s.currentSystem)?.id ?? '';
}

export default function Home() {
  const portalId = useUser((s) => s.userInfo?.portalId ?? '');
  const systemId = useUser((s) => currentSystemId(s.userInfo?.systemIds));
  return (
    <div className="qm-home-page">
      <div className="qm-home-tools">
        <PortalSwitch />
      </div>
      {portalId ? <PortalHome key={portalId} portalId={portalId} systemId={systemId} /> : <Dashboard />}
    </div>
  );
}
