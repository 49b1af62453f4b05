/**
 * The page area. With the page cache on, every cached tab's page stays mounted (hidden) so it
 * keeps its state; each renders its own remembered location. Refreshing a tab drops it from
 * the cache and passes through /redirect (ROUTE-007), which mounts it anew.
 */
import { lazy, Suspense, useRef } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams, type Location } from 'react-router';
import { useEffect } from 'react';
import { useSettings } from '@/stores/settings';
import { useTagsView } from '@/stores/tagsView';
import { useUser } from '@/stores/user';
import { pageFor } from '@/pages/registry';
import Placeholder from '@/pages/placeholder/Placeholder';
import ExternalLink from '@/pages/externalLink/ExternalLink';
import ErrorBoundary from '../ErrorBoundary';
import Loading from '../Loading';
import { FIXED_VIEWS } from '../views';

// A form menu (type 3) bound to a model shows that model's records.
const ModelRecords = lazy(() => import('@/pages/onlineDev/records/RecordsPage').then((m) => ({ default: m.RecordsPage })));
// A portal menu (type 8) shows its portal as the home page does (issue 31).
const PortalPage = lazy(() => import('@/pages/home/PortalPage'));

/** ROUTE-007: /redirect/<path> shows <path> again. */
function Redirect() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${params['*'] ?? ''}${location.search}`, { replace: true });
  }, [navigate, params, location.search]);
  return null;
}

/** A menu page: its registered component, else a placeholder; unknown paths go to /404. */
function DynamicPage() {
  const { pathname } = useLocation();
  const route = useUser((s) => s.routes.find((r) => r.path === pathname));
  if (!route) return <Navigate to="/404" replace />; // ROUTE-008
  // ROUTE-013: a type 2 entry is the page of its address; a type 3 form menu the records of its model; the other types' runtimes come later.
  if (route.type === 3 && route.meta.moduleId) return <ModelRecords modelId={route.meta.moduleId} menuId={route.meta.modelId} />;
  if (route.type === 8 && route.meta.moduleId) return <PortalPage portalId={route.meta.moduleId} />;
  const Page = route.type === 2 ? pageFor(route.address) : undefined;
  return Page ? <Page /> : <Placeholder route={route} />;
}

/** A fixed page of spec 01 §2.1: the page of its path's folder, else the placeholder. */
function FixedPage({ path, name, title }: { path: string; name: string; title: string }) {
  const Page = pageFor(path);
  return Page ? <Page /> : <Placeholder fixed={{ name, title }} />;
}

const contentRoutes = (
  <>
    <Route index element={<Navigate to="/home" replace />} />
    <Route path="redirect/*" element={<Redirect />} />
    <Route path="externalLink" element={<ExternalLink />} />
    {FIXED_VIEWS.filter((v) => v.name !== 'externalLink').map((v) => (
      <Route key={v.path} path={v.path} element={<FixedPage path={v.path} name={v.name} title={v.title} />} />
    ))}
    <Route path="*" element={<DynamicPage />} />
  </>
);

export default function AppMain() {
  const location = useLocation();
  const useCache = useSettings((s) => s.useCache);
  const cachedViews = useTagsView((s) => s.cachedViews);
  const kept = useRef(new Map<string, Location>());

  // Remember each cached page's location; forget pages that left the cache.
  kept.current.set(location.pathname, location);
  for (const path of [...kept.current.keys()]) {
    if (path !== location.pathname && (!useCache || !cachedViews.includes(path))) kept.current.delete(path);
  }

  return (
    <>
      {[...kept.current.entries()].map(([path, loc]) => {
        const active = path === location.pathname;
        return (
          // data-path: which tab's page this is, so a browser test can tell the shown page of a
          // tab from another tab's (two tabs may show the same component, e.g. a model's records).
          <div key={path} className="qm-page" data-path={path} hidden={!active}>
            <ErrorBoundary>
              <Suspense fallback={<Loading />}>
                <Routes location={active ? location : loc}>{contentRoutes}</Routes>
              </Suspense>
            </ErrorBoundary>
          </div>
        );
      })}
    </>
  );
}
