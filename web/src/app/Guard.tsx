/**
 * Applies the guard decision (guard.ts) on every navigation and sets the page title
 * (ROUTE-023). While user info loads, a spinner shows; a failed load resets the token and
 * goes to /login?redirect= (ROUTE-028).
 */
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSettings } from '@/stores/settings';
import { useUser } from '@/stores/user';
import { routeTitle } from '@/i18n';
import { decide, loginRedirect, tokenFromQuery } from './guard';
import { bareViewName, documentTitle, viewFor } from './views';
import Loading from './Loading';

export default function Guard() {
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t, i18n } = useTranslation();
  const token = useUser((s) => s.token);
  const locked = useUser((s) => s.lockInfo) != null;
  const loaded = useUser((s) => s.loaded);
  const signedOut = useUser((s) => s.signedOut);
  const routes = useUser((s) => s.routes);
  const systemTitle = useUser((s) => s.sysConfig?.title) ?? useSettings.getState().sysConfig.title ?? t('common.appName');
  const loading = useRef(false);

  // ROUTE-030: a workflow link may carry a newer token.
  const adopted = tokenFromQuery(location.pathname, location.search, token);
  useEffect(() => {
    if (adopted) useUser.getState().adoptToken(adopted);
  }, [adopted]);

  const decision = decide({ pathname: location.pathname, search: location.search, token, locked, loaded, signedOut });

  useEffect(() => {
    if (decision.kind !== 'load' || loading.current || adopted) return;
    loading.current = true;
    const target = loginRedirect(location.pathname, location.search);
    useUser
      .getState()
      .loadUser()
      .catch((error: unknown) => {
        // ROUTE-028: a string failure is shown; an envelope was already toasted by the client.
        useUser.getState().resetToken(false);
        if (typeof error === 'string') message.error(error);
        navigate(target, { replace: true });
      })
      .finally(() => {
        loading.current = false;
      });
  }, [decision.kind, location.pathname, location.search, navigate, message, adopted]);

  // ROUTE-023: the title follows the page, the language and the system title.
  const rendering = decision.kind === 'render' && !adopted;
  useEffect(() => {
    if (!rendering) return; // a redirect's target sets its own title
    const bare = bareViewName(location.pathname);
    const title = bare
      ? `${routeTitle(bare, bare)} - ${systemTitle}`
      : documentTitle(viewFor(location.pathname, location.search, routes), systemTitle);
    document.title = title;
  }, [rendering, location.pathname, location.search, routes, systemTitle, i18n.language]);

  if (adopted) return <Loading />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load') return <Loading />;
  return <Outlet />;
}
