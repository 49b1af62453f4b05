/**
 * The navbar (SHELL-016): hamburger, logo, top menu, then search, messages, chat, full screen,
 * language, settings, avatar.
 */
import type { ReactNode } from 'react';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useApp } from '@/stores/app';
import { useSettings } from '@/stores/settings';
import AvatarMenu from './AvatarMenu';
import HeaderSearch from './HeaderSearch';
import { ChatDrawer, MessageDrawer } from './NavDrawers';
import { FullscreenToggle, LanguageSwitch, SettingsButton } from './NavTools';

interface Props {
  hamburger: boolean;
  logo?: ReactNode;
  menu?: ReactNode;
  onOpenSettings: () => void;
}

export default function Navbar({ hamburger, logo, menu, onOpenSettings }: Props) {
  const { t } = useTranslation();
  const opened = useApp((s) => s.sidebarOpened);
  const toggle = useApp((s) => s.toggleSidebar);
  const showSearch = useSettings((s) => s.showSearch);
  const showLanguage = useSettings((s) => s.showLanguage);
  const showSettings = useSettings((s) => s.showSettings);
  return (
    <header className="qm-navbar">
      {hamburger && (
        <button type="button" className="qm-hamburger" aria-label={t('navbar.toggleSidebar')} aria-expanded={opened} onClick={toggle}>
          {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        </button>
      )}
      {logo}
      <div className="qm-navbar-menu">{menu}</div>
      <div className="qm-navbar-tools">
        {showSearch && <HeaderSearch />}
        <MessageDrawer />
        <ChatDrawer />
        <FullscreenToggle />
        {showLanguage && <LanguageSwitch />}
        {showSettings && <SettingsButton onClick={onOpenSettings} />}
        <AvatarMenu onOpenSettings={onOpenSettings} />
      </div>
    </header>
  );
}
