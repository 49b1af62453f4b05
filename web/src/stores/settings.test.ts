// Local settings under the jnpf_ keys (SHELL-042, SHELL-045), and the layout theme of the
// login answer (AUTH-004). That every key of spec 01 §3.4 is set from the interface (SHELL-046)
// is proven by app/layout/SettingsDrawer.test.tsx.
import { DEFAULT_SETTINGS, THEME_COLOURS, layoutFromTheme, loadSettings, useSettings } from './settings';

beforeEach(() => localStorage.clear());

test('SHELL-042/045: a change is stored under jnpf_<key> and read back at start-up', () => {
  useSettings.getState().set('layoutType', 'blend');
  useSettings.getState().set('tagsView', false);
  useSettings.getState().set('theme', THEME_COLOURS.green);
  useSettings.getState().set('themeClass', 'dark');
  expect(localStorage.getItem('jnpf_layoutType')).toBe('"blend"');
  expect(localStorage.getItem('jnpf_tagsView')).toBe('false');
  const reloaded = loadSettings();
  expect(reloaded.layoutType).toBe('blend');
  expect(reloaded.tagsView).toBe(false);
  expect(reloaded.theme).toBe('#3eac12');
  expect(reloaded.themeClass).toBe('dark');
});

test('corrupt or mistyped stored values fall back to the defaults', () => {
  localStorage.setItem('jnpf_tagsView', '{not json');
  localStorage.setItem('jnpf_useCache', '"yes"');
  localStorage.setItem('jnpf_layoutType', '"sideways"');
  const s = loadSettings();
  expect(s.tagsView).toBe(DEFAULT_SETTINGS.tagsView);
  expect(s.useCache).toBe(DEFAULT_SETTINGS.useCache);
  expect(s.layoutType).toBe('classic');
});

test('AUTH-004: the login theme is a layout; anything else is classic', () => {
  for (const l of ['classic', 'functional', 'plain', 'blend']) expect(layoutFromTheme(l)).toBe(l);
  expect(layoutFromTheme('dark')).toBe('classic');
  expect(layoutFromTheme(undefined)).toBe('classic');
});

test('SHELL-038: the theme colours and the default', () => {
  expect(THEME_COLOURS).toEqual({
    default: '#409eff',
    blue: '#1890ff',
    purple: '#722ed1',
    azure: '#211bce',
    ocean: '#13c2c2',
    green: '#3eac12',
    yellow: '#f8bc18',
    orange: '#f5811c',
    red: '#f5222d',
  });
  expect(DEFAULT_SETTINGS.theme).toBe('#409eff');
});
