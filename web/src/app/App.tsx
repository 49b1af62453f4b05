/**
 * The app root: antd theme (colour, dark mode, size) and locale from the settings, the router
 * with the guard, and the fixed routes of spec 01 §2.1. The shell and every page but the
 * login page load lazily, so signing in downloads little.
 *
 * antd runs in zero-runtime mode: it generates no styles in the browser. Its static CSS comes
 * in two parts (scripts/antd-css.mjs): the login page's with the entry (main.tsx), the rest
 * with every other screen (`withStyles`). The theme still switches at run time: antd sets the
 * colour, dark-mode and size tokens as CSS variables, which that CSS reads.
 */
import { lazy, Suspense, useEffect } from 'react';
import { App as AntdApp, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { setToast } from '@/api/http';
import { useApp, type Size } from '@/stores/app';
import { useSettings } from '@/stores/settings';
import { setNavigate } from '@/stores/user';
import Guard from './Guard';
import Loading from './Loading';
import { MESSAGE_CONFIG } from './toast';
import Login from '@/pages/login/Login';

/** A screen's module together with antd's styles beyond the login page's. */
function withStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([import('./antdStyles'), load()]).then(([, screen]) => screen);
}

const Layout = lazy(withStyles(() => import('./layout/Layout')));
const LockScreen = lazy(withStyles(() => import('@/pages/lockScreen/LockScreen')));
const NotFound = lazy(withStyles(() => import('@/pages/error/NotFound')));
const NotConfigured = lazy(withStyles(() => import('@/pages/error/NotConfigured')));

const LOCALES = { 'zh-CN': zhCN, 'zh-TW': zhTW, en: enUS };
const DAYJS = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', en: 'en' };

/** SHELL-040: default, medium, small, mini on antd's three sizes (mini adds compactness). */
const SIZE: Record<Size, 'large' | 'middle' | 'small'> = { default: 'large', medium: 'middle', small: 'small', mini: 'small' };

/** Hands the router and antd's themed message API to code outside React. */
function Bridges() {
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setNavigate((to) => navigate(to));
    setToast((text, seconds, kind = 'error') => message[kind](text, seconds));
  }, [navigate, message]);
  return null;
}

export default function App() {
  const language = useApp((s) => s.language);
  const size = useApp((s) => s.size);
  const colour = useSettings((s) => s.theme);
  const dark = useSettings((s) => s.themeClass) === 'dark';
  dayjs.locale(DAYJS[language]);

  const algorithm = [dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm];
  if (size === 'mini') algorithm.push(antdTheme.compactAlgorithm);
  const theme: ThemeConfig = { zeroRuntime: true, algorithm, token: { colorPrimary: colour, colorInfo: colour } };

  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.setProperty('--qm-primary', colour);
  }, [language, dark, colour]);

  return (
    <ConfigProvider locale={LOCALES[language]} theme={theme} componentSize={SIZE[size]}>
      <AntdApp message={MESSAGE_CONFIG}>
        <BrowserRouter>
          <Bridges />
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route element={<Guard />}>
                <Route path="/login" element={<Login />} />
                <Route path="/lockScreen" element={<LockScreen />} />
                <Route path="/404" element={<NotFound />} />
                <Route path="/sso" element={<NotConfigured kind="sso" />} />
                <Route path="/auth-redirect" element={<NotConfigured kind="authRedirect" />} />
                <Route path="/formShortLink" element={<NotConfigured kind="formShortLink" />} />
                <Route path="*" element={<Layout />} />
              </Route>
            </Routes>
          </Suspense>
        </BrowserRouter>
      </AntdApp>
    </ConfigProvider>
  );
}
