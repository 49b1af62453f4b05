/**
 * The main layout (SHELL-001..016): classic (side menu), functional (top menu), plain (icon
 * sidebar) or blend (top entries + the chosen entry's side menu). The settings of spec 01 §3.4
 * shape it: fixedHeader keeps the navbar and tabs in place while the page scrolls (off: they
 * scroll away with it), sidebarLogo shows the logo atop the sidebar, slideClass darkens or
 * lightens the sidebar. Below 992px the menu is a
 * drawer that closes on every navigation (SHELL-013/014). Also adds each page as a tab,
 * shows the last-login notice (AUTH-011) and the forced password dialog (AUTH-021).
 */
import { inZone } from '@/utils/clock';
import { useEffect, useState } from 'react';
import { App, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { deviceForWidth, useApp } from '@/stores/app';
import { useSettings } from '@/stores/settings';
import { useTagsView } from '@/stores/tagsView';
import { useUser } from '@/stores/user';
import { firstLeaf, menuPath } from '../menu';
import { affixViews, viewFor } from '../views';
import AppMain from './AppMain';
import Logo from './Logo';
import Navbar from './Navbar';
import ResetPasswordDialog from './ResetPasswordDialog';
import SettingsDrawer from './SettingsDrawer';
import SideMenu from './SideMenu';
import TagsView from './TagsView';
import TopMenu from './TopMenu';
import { useSessionSocket } from '../socket';
// The pickers' add buttons open the app's management screens (issue 23 §3 web).
import '../pickerManagers';
import './layout.css';
import { DATE_FORMAT } from '@/utils/format';

export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 64;

function useDevice() {
  const device = useApp((s) => s.device);
  useEffect(() => {
    const onResize = () => {
      const next = deviceForWidth(window.innerWidth);
      if (next !== useApp.getState().device) {
        useApp.getState().setDevice(next);
        if (next === 'mobile') useApp.getState().closeSidebar(true);
      }
    };
    window.addEventListener('resize', onResize);
    onResize();
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return device;
}

function useLastLoginNotice() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const lastLogin = useUser((s) => s.lastLogin);
  useEffect(() => {
    if (!lastLogin) return;
    useUser.getState().consumeLastLogin();
    notification.info({
      title: t('auth.lastLoginTitle'),
      description: (
        <div className="qm-last-login">
          <div>{t('auth.lastLoginTime', { time: inZone(lastLogin.time).format(DATE_FORMAT) })}</div>
          <div>{t('auth.lastLoginPlace', { place: lastLogin.place || '-' })}</div>
          <div>{t('auth.lastLoginIp', { ip: lastLogin.ip || '-' })}</div>
        </div>
      ),
      placement: 'bottomRight',
      duration: 2,
    });
  }, [lastLogin, notification, t]);
}

/** The periodic password change is near: said once after the sign-in, with a way to the profile. */
function usePasswordReminder() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const days = useUser((s) => s.passwordDueInDays);
  useEffect(() => {
    if (days == null) return;
    useUser.getState().consumePasswordReminder();
    notification.warning({
      title: t('password.dueTitle'),
      description: days <= 0 ? t('password.dueToday') : t('password.dueIn', { days }),
      placement: 'bottomRight',
      duration: 8,
    });
  }, [days, notification, t]);
}

export default function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const layout = useSettings((s) => s.layoutType);
  const tagsView = useSettings((s) => s.tagsView);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const sidebarLogo = useSettings((s) => s.sidebarLogo);
  const lightSidebar = useSettings((s) => s.slideClass) === 'light';
  const menus = useUser((s) => s.menus);
  const routes = useUser((s) => s.routes);
  const opened = useApp((s) => s.sidebarOpened);
  const device = useDevice();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const mobile = device === 'mobile';
  useLastLoginNotice();
  usePasswordReminder();
  // CHAT-024: the session's socket opens with the shell and closes with the session.
  useSessionSocket();

  // SHELL-026: the affixed tabs (首页) are there from the start, whatever page opened first.
  useEffect(() => {
    useTagsView.getState().addAffixed(affixViews(routes));
  }, [routes]);

  // SHELL-024: every page visited becomes a tab.
  useEffect(() => {
    const view = viewFor(location.pathname, location.search, routes);
    if (view) useTagsView.getState().add(view);
  }, [location.pathname, location.search, routes]);

  // SHELL-014: on mobile the menu closes on every navigation.
  useEffect(() => {
    if (useApp.getState().device === 'mobile' && useApp.getState().sidebarOpened) useApp.getState().closeSidebar(false);
  }, [location.pathname]);

  // Blend: the top entry of the current page, unless the user picked another.
  const currentTop = menuPath(menus, location.pathname + location.search)[0]?.key;
  const [pickedTop, setPickedTop] = useState<string | undefined>();
  useEffect(() => setPickedTop(undefined), [currentTop]);
  const activeTop = pickedTop ?? currentTop ?? menus[0]?.key;
  // A top entry without children is its own side menu, so the blend layout never jumps.
  const top = menus.find((m) => m.key === activeTop);
  const blendSide = top ? (top.children?.length ? top.children : [top]) : [];
  const pickTop = (key: string) => {
    setPickedTop(key);
    const picked = menus.find((m) => m.key === key);
    const leaf = picked && firstLeaf(picked);
    if (leaf?.action.kind === 'route') navigate(leaf.action.to);
  };

  const effective = mobile ? 'classic' : layout;
  const hasSide = effective === 'classic' || effective === 'plain' || (effective === 'blend' && blendSide.length > 0);
  const collapsed = effective === 'plain' || !opened;
  const sideItems = effective === 'blend' ? blendSide : menus;
  const sideWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  const sideMenu = (
    <aside
      className={`qm-sidebar${effective === 'plain' ? ' plain' : ''}${lightSidebar ? ' light' : ''}`}
      style={{ width: mobile ? SIDEBAR_WIDTH : sideWidth }}
      data-collapsed={collapsed && !mobile}
    >
      {effective !== 'blend' && sidebarLogo && <Logo collapsed={collapsed && !mobile} />}
      <div className="qm-sidebar-scroll">
        <SideMenu items={sideItems} collapsed={collapsed && !mobile} light={effective === 'blend'} />
      </div>
    </aside>
  );

  const topMenu =
    effective === 'functional' ? (
      <TopMenu items={menus} />
    ) : effective === 'blend' ? (
      <TopMenu items={menus} onSelectTop={pickTop} activeTop={activeTop} />
    ) : undefined;

  return (
    <div
      className={`qm-app layout-${effective}${mobile ? ' mobile' : ''}${fixedHeader ? '' : ' header-static'}`}
      data-layout={effective}
    >
      {mobile ? (
        <Drawer
          placement="left"
          size={SIDEBAR_WIDTH}
          open={opened}
          closable={false}
          onClose={() => useApp.getState().closeSidebar(false)}
          styles={{ body: { padding: 0 } }}
          className="qm-mobile-menu"
        >
          {sideMenu}
        </Drawer>
      ) : (
        hasSide && effective !== 'blend' && sideMenu
      )}
      <div className="qm-main">
        <Navbar
          hamburger={mobile || effective === 'classic' || effective === 'blend'}
          logo={!mobile && (effective === 'functional' || effective === 'blend') ? <Logo /> : undefined}
          menu={mobile ? undefined : topMenu}
          onOpenSettings={() => setSettingsOpen(true)}
        />
        <div className="qm-body">
          {!mobile && effective === 'blend' && hasSide && sideMenu}
          <div className="qm-content">
            {tagsView && <TagsView />}
            <main className="qm-app-main">
              <AppMain />
            </main>
          </div>
        </div>
      </div>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ResetPasswordDialog />
    </div>
  );
}
