/**
 * The signed-in user and the session (spec 01 §4): token, user info, menus and permissions,
 * the lock flag, the forced password change. Logging in, loading the user, locking and
 * logging out live here so that every screen shares one account of the session.
 */
import { setZoneOffset } from '@/utils/clock';
import { create } from 'zustand';
import * as auth from '@/api/auth';
import type { CurrentUser, SysConfigInfo, UserInfo } from '@/api/auth';
import { onSessionEnd } from '@/api/http';
import { getPasswordPolicy, getSysConfig } from '@/api/system';
import { buildMenu, type AppRoute, type MenuEntry, type MenuItem } from '@/app/menu';
import { dataVHost } from '@/config';
import type { PasswordPolicy, PermissionEntry } from '@qiming/core';
import { md5Hex } from '@/core';
import i18n from '@/i18n';
import { getItem, getToken, removeItem, removeToken, setItem, setToken } from '@/utils/storage';
import { layoutFromTheme, useSettings, type CachedSysConfig } from './settings';
import { useTagsView } from './tagsView';

/** Who is locked out, kept so the lock screen works without asking the server (which refuses). */
export interface LockInfo {
  account: string;
  userName: string;
  headIcon?: string;
}

export interface LastLogin {
  time: number;
  place: string;
  ip: string;
}

interface UserState {
  token: string;
  userInfo: UserInfo | null;
  menuList: MenuEntry[];
  permissionList: PermissionEntry[];
  sysConfig: SysConfigInfo | null;
  passwordPolicy: PasswordPolicy;
  routes: AppRoute[];
  menus: MenuItem[];
  /** The menu list has been loaded (the guard's "menu loaded"). */
  loaded: boolean;
  lockInfo: LockInfo | null;
  /**
   * AUTH-021/022: the forced change applies — the first sign-in's (initial password) or, with
   * the periodic change on, an overdue password's (the server refuses other work meanwhile).
   */
  mustChangePassword: boolean;
  /** Days until the periodic change is due, set after a sign-in within the reminder; shown once. */
  passwordDueInDays: number | null;
  /** Set after a login when there was an earlier one; the shell shows it once (AUTH-011). */
  lastLogin: LastLogin | null;
  /**
   * The session ended on purpose (logout, password change, expiry): the guard then sends the
   * user to plain /login rather than /login?redirect= for the page they were on.
   */
  signedOut: boolean;
}

interface UserActions {
  login(form: { account: string; password: string; code: string; timestamp: string }): Promise<void>;
  loadUser(): Promise<void>;
  logout(): Promise<void>;
  /** Forgets the session; `signedOut` unless the guard is about to redirect with ?redirect=. */
  resetToken(signedOut?: boolean): void;
  adoptToken(token: string): void;
  lock(): Promise<void>;
  unlock(password: string): Promise<void>;
  consumeLastLogin(): void;
  /** The password reminder has been shown. */
  consumePasswordReminder(): void;
  /**
   * Reads the settings and the password policy again (after the 系统配置 page saved them), so
   * the shell's title and icons, the login page's cached ones and the password checks follow.
   */
  refreshSysConfig(): Promise<void>;
}

const LOCK_KEY = 'lock';
let justLoggedIn = false;

const empty = (): Omit<UserState, 'token' | 'lockInfo' | 'signedOut'> => ({
  userInfo: null,
  menuList: [],
  permissionList: [],
  sysConfig: null,
  passwordPolicy: {},
  routes: [],
  menus: [],
  loaded: false,
  mustChangePassword: false,
  passwordDueInDays: null,
  lastLogin: null,
});

/** Validates CurrentUser the way the JNPF client does (jnpf-wire.md): anything missing fails. */
export function checkCurrentUser(data: CurrentUser | null | undefined): string | null {
  if (!data || !data.userInfo || !Array.isArray(data.menuList)) return i18n.t('auth.verifyFailed');
  if (data.menuList.length === 0) return i18n.t('auth.noPermission'); // PERM-002
  return null;
}

/**
 * AUTH-022: a user who never changed the password, when the setting is 1; or a user whose
 * password the server says is overdue for its periodic change.
 */
export function mustChangePassword(user: UserInfo, policy: PasswordPolicy): boolean {
  if (Number(user.passwordOverdue) === 1) return true;
  return user.changePasswordDate == null && Number(policy.mandatoryModificationOfInitialPassword) === 1;
}

function cacheSysConfig(config: SysConfigInfo) {
  const keep: (keyof CachedSysConfig)[] = ['title', 'sysName', 'sysVersion', 'copyright', 'logoIcon', 'navigationIcon', 'loginIcon', 'workLogoIcon'];
  const cached = Object.fromEntries(keep.filter((k) => config[k] != null).map((k) => [k, config[k]])) as CachedSysConfig;
  useSettings.getState().set('sysConfig', cached);
}

let navigateTo: (to: string) => void = (to) => window.location.assign(to);

/** The router registers its navigate function so that session changes need no reload. */
export function setNavigate(fn: (to: string) => void): void {
  navigateTo = fn;
}

export const useUser = create<UserState & UserActions>((set, get) => ({
  token: getToken(),
  lockInfo: getItem<LockInfo | null>(LOCK_KEY, null),
  signedOut: false,
  ...empty(),

  async login({ account, password, code, timestamp }) {
    const hashed = await md5Hex(password);
    const { data } = await auth.login({ account: account.trim(), password: hashed, code, timestamp });
    setToken(data.token);
    // AUTH-005: the token and the layout theme of the login answer.
    useSettings.getState().set('layoutType', layoutFromTheme(data.theme));
    justLoggedIn = true;
    set({ token: data.token, signedOut: false, ...empty() });
  },

  async loadUser() {
    const { data } = await auth.getCurrentUser();
    const problem = checkCurrentUser(data);
    if (problem) throw problem;
    const { routes, menus } = buildMenu(data.menuList, { token: get().token, dataV: dataVHost() });
    // Issue 25: the installation's zone governs "today" and wall-clock times in the web.
    setZoneOffset(data.sysConfigInfo?.utcOffsetMinutes);
    cacheSysConfig(data.sysConfigInfo ?? {});
    // Start-up order of jnpf-wire.md: updatePasswordMessage, then SysConfig.
    await auth.updatePasswordMessage().catch(() => undefined);
    let sysConfig: SysConfigInfo = data.sysConfigInfo ?? {};
    sysConfig = await getSysConfig().then((r) => ({ ...sysConfig, ...r.data }), () => sysConfig);
    const policy = await getPasswordPolicy().then((r) => r.data, () => sysConfig as PasswordPolicy);
    const user = data.userInfo;
    const lastLogin =
      justLoggedIn && Number(user.prevLogin) === 1 && user.prevLoginTime
        ? { time: user.prevLoginTime, place: user.prevLoginIPAddressName ?? '', ip: user.prevLoginIPAddress ?? '' }
        : null;
    const passwordDueInDays = justLoggedIn && user.passwordDueInDays != null && Number(user.passwordOverdue) !== 1 ? user.passwordDueInDays : null;
    justLoggedIn = false;
    set({
      userInfo: user,
      menuList: data.menuList,
      permissionList: data.permissionList ?? [],
      sysConfig,
      passwordPolicy: policy,
      routes,
      menus,
      loaded: true,
      mustChangePassword: mustChangePassword(user, policy),
      passwordDueInDays,
      lastLogin,
    });
  },

  async logout() {
    // AUTH-015..017: tell the server, then forget everything whatever it answered.
    await auth.logout().catch(() => undefined);
    get().resetToken();
    navigateTo('/login');
  },

  resetToken(signedOut = true) {
    removeToken();
    removeItem(LOCK_KEY);
    useTagsView.getState().clear();
    set({ token: '', lockInfo: null, signedOut, ...empty() });
  },

  adoptToken(token) {
    setToken(token);
    set({ token, ...empty() });
  },

  async lock() {
    const user = get().userInfo;
    await auth.lockScreen();
    // AUTH-019: the flag survives a reload, so a locked session stays locked.
    const info: LockInfo = { account: user?.userAccount ?? '', userName: user?.userName ?? '', headIcon: user?.headIcon };
    setItem(LOCK_KEY, info);
    set({ lockInfo: info });
  },

  async unlock(password) {
    const info = get().lockInfo;
    await auth.unlockScreen(info?.account ?? '', await md5Hex(password));
    removeItem(LOCK_KEY);
    set({ lockInfo: null });
  },

  consumeLastLogin() {
    set({ lastLogin: null });
  },

  consumePasswordReminder() {
    set({ passwordDueInDays: null });
  },

  async refreshSysConfig() {
    const [config, policy] = await Promise.all([getSysConfig(), getPasswordPolicy()]);
    cacheSysConfig(config.data ?? {});
    set({ sysConfig: { ...get().sysConfig, ...config.data }, passwordPolicy: policy.data ?? get().passwordPolicy });
  },
}));

// HTTP-010: a session the server ended resets the client and goes to /login.
onSessionEnd(() => {
  useUser.getState().resetToken();
  if (window.location.pathname !== '/login') navigateTo('/login');
});
