// SHELL-046: every local setting key of spec 01 §3.4 is really used — each user setting is
// changed from the settings drawer's own control, stored as jnpf_<key> and read back at
// start-up; the remaining two keys are caches the session and the login page write. A key
// the drawer cannot set fails here. (What each setting then does is shown in Chromium:
// e2e/tests/01-shell.test.mjs.)
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import * as userApi from '@/api/user';
import { initI18n } from '@/i18n';
import { DEFAULT_SETTINGS, SETTING_KEYS, THEME_COLOURS, loadSettings, useSettings, type Settings } from '@/stores/settings';
import SettingsDrawer, { SWITCHES } from './SettingsDrawer';

jest.mock('@/api/user', () => ({ saveTheme: jest.fn(async () => ({ code: 200, msg: '', data: null })), saveLanguage: jest.fn() }));

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  localStorage.clear();
  useSettings.setState(DEFAULT_SETTINGS);
});

/** Spec 01 §3.4, word for word. */
const SPEC_KEYS = 'theme, tagsView, tagsIcon, showLanguage, showSearch, showSettings, useCache, fixedHeader, sidebarLogo, themeClass, slideClass, layoutType, sysConfig, loginNeedCode'.split(', ');
/** Written by the app, not by the user: the system config for the login page, the last account's captcha need. */
const CACHES = ['sysConfig', 'loginNeedCode'];

const LABELS: Record<(typeof SWITCHES)[number], string> = {
  tagsView: '显示标签栏',
  tagsIcon: '标签图标',
  useCache: '页面缓存',
  showLanguage: '语言切换',
  showSearch: '菜单搜索框',
  fixedHeader: '固定顶栏',
  sidebarLogo: '侧边栏 Logo',
  showSettings: '显示设置按钮',
};

const stored = (key: string) => JSON.parse(localStorage.getItem(`jnpf_${key}`) ?? 'null');

test('SHELL-046: each user setting is set from the drawer, stored as jnpf_<key> and read back', async () => {
  render(
    <App>
      <SettingsDrawer open onClose={() => undefined} />
    </App>,
  );
  const click = async (el: Element) => {
    await act(async () => {
      fireEvent.click(el);
    });
  };
  const changes: [keyof Settings, () => Promise<void>, unknown][] = [
    ['layoutType', () => click(document.querySelector('button[data-layout="blend"]')!), 'blend'],
    ['themeClass', () => click(screen.getByText('暗色')), 'dark'],
    ['slideClass', () => click(screen.getByText('浅色')), 'light'],
    ['theme', () => click(screen.getByLabelText('极光绿')), THEME_COLOURS.green],
    ...SWITCHES.map((key): [keyof Settings, () => Promise<void>, unknown] => [
      key,
      () => click(screen.getAllByLabelText(LABELS[key])[0]),
      !DEFAULT_SETTINGS[key],
    ]),
  ];
  for (const [key, change, value] of changes) {
    expect({ key, before: useSettings.getState()[key] }).not.toEqual({ key, before: value });
    await change();
    expect({ key, stored: stored(key) }).toEqual({ key, stored: value });
  }
  const reloaded = loadSettings();
  for (const [key, , value] of changes) expect({ key, value: reloaded[key] }).toEqual({ key, value });

  // Every key of the spec is either set here or one of the two caches — and nothing else.
  const fromDrawer = changes.map(([key]) => key as string);
  expect([...fromDrawer, ...CACHES].sort()).toEqual([...SPEC_KEYS].sort());
  expect([...SETTING_KEYS].sort()).toEqual([...SPEC_KEYS].sort());
  expect(userApi.saveTheme).toHaveBeenCalledWith('blend'); // SHELL-043
});

test('hiding the settings button says where the drawer is found again', async () => {
  render(
    <App>
      <SettingsDrawer open onClose={() => undefined} />
    </App>,
  );
  expect(screen.queryByText(/可从右上角头像菜单/)).toBeNull();
  await act(async () => {
    fireEvent.click(screen.getAllByLabelText('显示设置按钮')[0]);
  });
  expect(useSettings.getState().showSettings).toBe(false);
  expect(screen.getByText('设置按钮已隐藏：可从右上角头像菜单的“布局设置”再次打开本面板。')).toBeTruthy();
});
