// App state (SHELL-013, SHELL-040, SHELL-047): sidebar 1/0, device, size, language.
import { MOBILE_BREAKPOINT, deviceForWidth, initialAppState, useApp } from './app';

beforeEach(() => localStorage.clear());

test('SHELL-047: the sidebar state is kept as jnpf_sidebarStatus 1 or 0', () => {
  useApp.setState({ sidebarOpened: true });
  useApp.getState().toggleSidebar();
  expect(localStorage.getItem('jnpf_sidebarStatus')).toBe('0');
  expect(initialAppState().sidebarOpened).toBe(false);
  useApp.getState().toggleSidebar();
  expect(localStorage.getItem('jnpf_sidebarStatus')).toBe('1');
  expect(initialAppState().sidebarOpened).toBe(true);
});

test('SHELL-014: on mobile the sidebar closes without animation', () => {
  useApp.setState({ sidebarOpened: true });
  useApp.getState().closeSidebar(true);
  expect(useApp.getState()).toMatchObject({ sidebarOpened: false, withoutAnimation: true });
  expect(localStorage.getItem('jnpf_sidebarStatus')).toBe('0');
});

test('SHELL-013: the mobile breakpoint is 992px', () => {
  expect(MOBILE_BREAKPOINT).toBe(992);
  expect(deviceForWidth(991)).toBe('mobile');
  expect(deviceForWidth(992)).toBe('desktop');
});

test('SHELL-040/047: size defaults to medium and is remembered; language too', () => {
  expect(initialAppState().size).toBe('medium');
  useApp.getState().setSize('mini');
  useApp.getState().setLanguage('en');
  expect(initialAppState()).toMatchObject({ size: 'mini', language: 'en' });
  localStorage.setItem('jnpf_size', '"huge"');
  expect(initialAppState().size).toBe('medium');
});
