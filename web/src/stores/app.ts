/**
 * App state of spec 01 §3.4 and §4: sidebar open/closed (persisted as jnpf_sidebarStatus
 * 1/0, SHELL-047), device (mobile below 992px, SHELL-013), language and size.
 */
import { create } from 'zustand';
import { getItem, getRaw, setItem, setRaw } from '@/utils/storage';
import { detectLanguage, type Language } from '@/i18n';

export type Size = 'default' | 'medium' | 'small' | 'mini';
export const SIZES: Size[] = ['default', 'medium', 'small', 'mini'];
export type Device = 'desktop' | 'mobile';

/** SHELL-013 */
export const MOBILE_BREAKPOINT = 992;

export function deviceForWidth(width: number): Device {
  return width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

interface AppStore {
  sidebarOpened: boolean;
  /** On mobile the sidebar closes without animation (SHELL-014). */
  withoutAnimation: boolean;
  device: Device;
  language: Language;
  size: Size;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: Device): void;
  setLanguage(language: Language): void;
  setSize(size: Size): void;
}

function saveSidebar(opened: boolean) {
  setRaw('sidebarStatus', opened ? '1' : '0');
}

export function initialAppState() {
  const storedSize = getItem<string>('size', 'medium');
  return {
    sidebarOpened: getRaw('sidebarStatus') !== '0',
    withoutAnimation: false,
    device: deviceForWidth(typeof window === 'undefined' ? 1280 : window.innerWidth),
    language: detectLanguage(getItem<string | null>('language', null), typeof navigator === 'undefined' ? null : navigator.language),
    size: (SIZES as string[]).includes(storedSize) ? (storedSize as Size) : 'medium',
  };
}

export const useApp = create<AppStore>((set, get) => ({
  ...initialAppState(),
  toggleSidebar: () => {
    const opened = !get().sidebarOpened;
    saveSidebar(opened);
    set({ sidebarOpened: opened, withoutAnimation: false });
  },
  closeSidebar: (withoutAnimation) => {
    saveSidebar(false);
    set({ sidebarOpened: false, withoutAnimation });
  },
  setDevice: (device) => set({ device }),
  setLanguage: (language) => {
    setItem('language', language);
    set({ language });
  },
  setSize: (size) => {
    setItem('size', size);
    set({ size });
  },
}));
