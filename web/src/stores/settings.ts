/**
 * Local settings of spec 01 §3.4 (SHELL-042, SHELL-045, SHELL-046): each is kept in
 * localStorage as `jnpf_<name>` and read back at start-up.
 */
import { create } from 'zustand';
import { getItem, setItem } from '@/utils/storage';

export type LayoutType = 'classic' | 'functional' | 'plain' | 'blend';
export const LAYOUTS: LayoutType[] = ['classic', 'functional', 'blend', 'plain'];

/** SHELL-038: the theme colours (azure is also called blackblue). */
export const THEME_COLOURS = {
  default: '#409eff',
  blue: '#1890ff',
  purple: '#722ed1',
  azure: '#211bce',
  ocean: '#13c2c2',
  green: '#3eac12',
  yellow: '#f8bc18',
  orange: '#f5811c',
  red: '#f5222d',
} as const;
export type ThemeColourName = keyof typeof THEME_COLOURS;

/** SysConfig fields the client keeps for the login page before anyone signs in. */
export interface CachedSysConfig {
  title?: string;
  sysName?: string;
  sysVersion?: string;
  copyright?: string;
  logoIcon?: string;
  navigationIcon?: string;
  loginIcon?: string;
  workLogoIcon?: string;
}

export interface Settings {
  /** Theme colour (hex). */
  theme: string;
  /** Light or dark mode. */
  themeClass: 'light' | 'dark';
  /** Sidebar style. */
  slideClass: 'dark' | 'light';
  layoutType: LayoutType;
  tagsView: boolean;
  tagsIcon: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  /** SHELL-022: the settings button is shown while this is on. */
  showSettings: boolean;
  useCache: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  sysConfig: CachedSysConfig;
  /** Whether the last account typed on the login page needed a captcha. */
  loginNeedCode: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: THEME_COLOURS.default,
  themeClass: 'light',
  slideClass: 'dark',
  layoutType: 'classic',
  tagsView: true,
  tagsIcon: true,
  showLanguage: true,
  showSearch: true,
  showSettings: true,
  useCache: true,
  fixedHeader: true,
  sidebarLogo: true,
  sysConfig: {},
  loginNeedCode: false,
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

/** AUTH-004: the login result's theme is a layout; anything else is classic. */
export function layoutFromTheme(theme: unknown): LayoutType {
  return (LAYOUTS as unknown[]).includes(theme) ? (theme as LayoutType) : 'classic';
}

/** Reads every setting from storage, keeping defaults for missing or mistyped values. */
export function loadSettings(): Settings {
  const out = { ...DEFAULT_SETTINGS } as Record<keyof Settings, unknown>;
  for (const key of SETTING_KEYS) {
    const value = getItem<unknown>(key, undefined);
    if (value !== undefined && typeof value === typeof DEFAULT_SETTINGS[key]) out[key] = value;
  }
  const settings = out as Settings;
  settings.layoutType = layoutFromTheme(settings.layoutType);
  if (settings.themeClass !== 'dark') settings.themeClass = 'light';
  return settings;
}

interface SettingsStore extends Settings {
  set<K extends keyof Settings>(key: K, value: Settings[K]): void;
}

export const useSettings = create<SettingsStore>((set) => ({
  ...loadSettings(),
  set: (key, value) => {
    setItem(key, value);
    set({ [key]: value } as Partial<Settings>);
  },
}));
