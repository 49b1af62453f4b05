/**
 * The route guard of spec 01 §2.3 as a pure decision (ROUTE-024..030); `Guard.tsx` applies it
 * on every navigation, before anything of the target page renders.
 */

/** ROUTE-024 */
export const PUBLIC_PATHS = ['/login', '/auth-redirect', '/sso', '/formShortLink'];

export interface GuardInput {
  pathname: string;
  search: string;
  token: string;
  locked: boolean;
  /** Whether the menu list (user info) is loaded. */
  loaded: boolean;
  /** The session was just ended on purpose: go to plain /login (AUTH-017). */
  signedOut?: boolean;
}

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  /** Fetch user info, build the routes, then decide again (ROUTE-027). */
  | { kind: 'load' };

export function loginRedirect(pathname: string, search: string): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

export function decide({ pathname, search, token, locked, loaded, signedOut }: GuardInput): GuardDecision {
  if (token) {
    // ROUTE-025: while locked everything leads to the lock screen.
    if (locked && pathname !== '/lockScreen' && pathname !== '/login') return { kind: 'redirect', to: '/lockScreen' };
    // ROUTE-026
    if (pathname === '/login') return { kind: 'redirect', to: '/' };
    // The lock screen needs no user info (and the server refuses it while locked).
    if (pathname === '/lockScreen') return locked ? { kind: 'render' } : { kind: 'redirect', to: '/' };
    if (PUBLIC_PATHS.includes(pathname)) return { kind: 'render' };
    return loaded ? { kind: 'render' } : { kind: 'load' };
  }
  if (PUBLIC_PATHS.includes(pathname)) return { kind: 'render' };
  if (signedOut) return { kind: 'redirect', to: '/login' };
  // ROUTE-029
  return { kind: 'redirect', to: loginRedirect(pathname, search) };
}

/**
 * ROUTE-030: on /workFlowDetail a token in the query that differs from the stored one
 * becomes the token. Returns the token to store, or null.
 */
export function tokenFromQuery(pathname: string, search: string, stored: string): string | null {
  if (pathname !== '/workFlowDetail') return null;
  const token = new URLSearchParams(search).get('token');
  return token && token !== stored ? token : null;
}

/** Where /login sends the user after signing in: the redirect query, if it is ours. */
export function afterLogin(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  // Only same-origin paths: an open redirect to another site would be a phishing aid.
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}
