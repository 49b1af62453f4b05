/**
 * The settings drawer, 280px (SHELL-034..044): layout, light/dark, sidebar style, theme
 * colour, the switches — tabs bar, tag icons, page cache, language switch, search box, fixed
 * header, sidebar logo, settings button — size and language. Every user setting of spec 01
 * §3.4 is set here (SHELL-046). Each change is stored at once; a layout change is also saved
 * on the server. Hiding the settings button leaves the way back in the avatar menu.
 */
import { Alert, Drawer, Divider, Segmented, Select, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveTheme } from '@/api/user';
import { LANGUAGES, type Language } from '@/i18n';
import { SIZES, useApp, type Size } from '@/stores/app';
import { LAYOUTS, THEME_COLOURS, useSettings, type LayoutType, type Settings, type ThemeColourName } from '@/stores/settings';
import { useChangeLanguage } from '../language';

/** The shell's drawers — settings, messages, chat — are 280px wide (spec 01 §2.4, §2.5, §9). */
export const SHELL_DRAWER_WIDTH = 280;

type SwitchKey = keyof Pick<
  Settings,
  'tagsView' | 'tagsIcon' | 'useCache' | 'showLanguage' | 'showSearch' | 'fixedHeader' | 'sidebarLogo' | 'showSettings'
>;
export const SWITCHES: SwitchKey[] = [
  'tagsView',
  'tagsIcon',
  'useCache',
  'showLanguage',
  'showSearch',
  'fixedHeader',
  'sidebarLogo',
  'showSettings',
];

function LayoutPicture({ layout }: { layout: LayoutType }) {
  // A small drawing of each layout: where the menu sits.
  return (
    <span className={`qm-layout-picture qm-layout-picture-${layout}`} aria-hidden>
      <i className="side" />
      <i className="top" />
      <i className="body" />
    </span>
  );
}

export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const size = useApp((s) => s.size);
  const language = useApp((s) => s.language);
  const changeLanguage = useChangeLanguage();

  const setLayout = (layout: LayoutType) => {
    settings.set('layoutType', layout);
    void saveTheme(layout).catch(() => undefined); // SHELL-043
  };

  return (
    <Drawer title={t('settings.title')} size={SHELL_DRAWER_WIDTH} open={open} onClose={onClose} className="qm-settings-drawer">
      <Divider titlePlacement="start">{t('settings.layout')}</Divider>
      <div className="qm-layout-choices" role="radiogroup" aria-label={t('settings.layout')}>
        {LAYOUTS.map((layout) => (
          <Tooltip key={layout} title={t(`settings.layoutDesc.${layout}`)}>
            <button
              type="button"
              role="radio"
              aria-checked={settings.layoutType === layout}
              data-layout={layout}
              className={settings.layoutType === layout ? 'active' : ''}
              onClick={() => setLayout(layout)}
            >
              <LayoutPicture layout={layout} />
              <span>{t(`settings.layouts.${layout}`)}</span>
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider titlePlacement="start">{t('settings.mode')}</Divider>
      <Segmented
        block
        value={settings.themeClass}
        options={(['light', 'dark'] as const).map((m) => ({ value: m, label: t(`settings.modes.${m}`) }))}
        onChange={(v) => settings.set('themeClass', v as Settings['themeClass'])}
      />

      <Divider titlePlacement="start">{t('settings.slide')}</Divider>
      <Segmented
        block
        value={settings.slideClass}
        aria-label={t('settings.slide')}
        options={(['dark', 'light'] as const).map((m) => ({ value: m, label: t(`settings.slides.${m}`) }))}
        onChange={(v) => settings.set('slideClass', v as Settings['slideClass'])}
      />

      <Divider titlePlacement="start">{t('settings.colour')}</Divider>
      <div className="qm-colours" role="radiogroup" aria-label={t('settings.colour')}>
        {(Object.keys(THEME_COLOURS) as ThemeColourName[]).map((name) => (
          <Tooltip key={name} title={t(`settings.colours.${name}`)}>
            <button
              type="button"
              role="radio"
              aria-label={t(`settings.colours.${name}`)}
              aria-checked={settings.theme === THEME_COLOURS[name]}
              data-colour={THEME_COLOURS[name]}
              style={{ background: THEME_COLOURS[name] }}
              onClick={() => settings.set('theme', THEME_COLOURS[name])}
            >
              {settings.theme === THEME_COLOURS[name] && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider titlePlacement="start">{t('settings.interface')}</Divider>
      {SWITCHES.map((key) => (
        <label key={key} className="qm-setting-row">
          <span>{t(`settings.${key}`)}</span>
          <Switch size="small" checked={settings[key]} onChange={(v) => settings.set(key, v)} aria-label={t(`settings.${key}`)} />
        </label>
      ))}
      {!settings.showSettings && (
        <Alert type="info" showIcon className="qm-setting-hint" title={t('settings.showSettingsOff')} />
      )}
      <div className="qm-setting-row">
        <span>{t('settings.size')}</span>
        <Select
          size="small"
          style={{ width: 100 }}
          value={size}
          aria-label={t('settings.size')}
          options={SIZES.map((s) => ({ value: s, label: t(`settings.sizes.${s}`) }))}
          onChange={(v: Size) => useApp.getState().setSize(v)}
        />
      </div>
      <div className="qm-setting-row">
        <span>{t('settings.language')}</span>
        <Select
          size="small"
          style={{ width: 100 }}
          value={language}
          aria-label={t('settings.language')}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          onChange={(v: Language) => void changeLanguage(v)}
        />
      </div>
    </Drawer>
  );
}
