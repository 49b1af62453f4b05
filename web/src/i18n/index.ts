/**
 * i18next set-up: zh-CN (default), zh-TW, en (SHELL-048). Every visible string goes through
 * `t`; route titles come from routes.ts; rule messages from the WASM core are translated by
 * their key (`coreText`).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import en from './en';
import { routeTitles } from './routes';
import { LANGUAGES, type Language } from './types';
import type { Message } from '@qiming/core';

export { LANGUAGES, type Language };

/**
 * SHELL-049: the stored choice, else the browser's language — a tw locale gives zh-TW,
 * otherwise the matching zh or en; anything else the default zh-CN.
 */
export function detectLanguage(stored: string | null | undefined, browser: string | null | undefined): Language {
  if (stored && (LANGUAGES as string[]).includes(stored)) return stored as Language;
  const lang = (browser ?? '').toLowerCase();
  if (lang.includes('tw')) return 'zh-TW';
  if (lang.startsWith('zh')) return 'zh-CN';
  if (lang.startsWith('en')) return 'en';
  return 'zh-CN';
}

export const resources = {
  'zh-CN': { translation: { ...zhCN, routes: routeTitles['zh-CN'] } },
  'zh-TW': { translation: { ...zhTW, routes: routeTitles['zh-TW'] } },
  en: { translation: { ...en, routes: routeTitles.en } },
};

export function initI18n(language: Language): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: 'zh-CN',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  return i18n;
}

/** A message of the rules core (`{key, params?, text}`): the WASM package's own type. */
export type CoreMessage = Message;

/** The core's zh-CN text is the spec's wording; other languages translate by key. */
export function coreText(message: CoreMessage): string {
  if (i18n.language === 'zh-CN') return message.text;
  // `field.pattern` carries the form's own regList message: shown as its author wrote it.
  if (message.key === 'field.pattern') return message.text;
  const key = `core.${message.key}`;
  return i18n.exists(key) ? i18n.t(key, message.params) : message.text;
}

/** The translated title of route `name`, else the menu's own name (ROUTE-023). */
export function routeTitle(name: string, fallback: string): string {
  const key = `routes.${name}`;
  return i18n.exists(key) ? i18n.t(key) : fallback;
}

export default i18n;
