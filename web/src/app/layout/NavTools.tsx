/** Right-hand navbar tools: full screen, language, settings (SHELL-016, SHELL-022, SHELL-023). */
import { useEffect, useState } from 'react';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined, SettingOutlined, TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@/i18n';
import { useApp } from '@/stores/app';
import { useChangeLanguage } from '../language';

export function FullscreenToggle() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [full, setFull] = useState(!!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    // SHELL-023
    if (!document.fullscreenEnabled) {
      message.warning(t('navbar.notSupportFullscreen'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => message.warning(t('navbar.notSupportFullscreen')));
  };
  const label = full ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggle} />
    </Tooltip>
  );
}

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useApp((s) => s.language);
  const change = useChangeLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`language.${l}`) })),
        onClick: ({ key }) => void change(key as Language),
      }}
    >
      <Button type="text" aria-label={t('navbar.language')} icon={<TranslationOutlined />} />
    </Dropdown>
  );
}

export function SettingsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('navbar.settings')}>
      <Button type="text" aria-label={t('navbar.settings')} icon={<SettingOutlined />} onClick={onClick} />
    </Tooltip>
  );
}
