// The route guard's decisions (ROUTE-024..030).
import { PUBLIC_PATHS, afterLogin, decide, tokenFromQuery } from './guard';

const base = { search: '', token: 'Bearer t', locked: false, loaded: true };

test('ROUTE-024: the public paths', () => {
  expect(PUBLIC_PATHS).toEqual(['/login', '/auth-redirect', '/sso', '/formShortLink']);
  for (const pathname of PUBLIC_PATHS) expect(decide({ ...base, token: '', pathname })).toEqual({ kind: 'render' });
});

test('ROUTE-029: without a token every other path goes to /login?redirect=', () => {
  expect(decide({ ...base, token: '', pathname: '/profile', search: '?tab=password' })).toEqual({
    kind: 'redirect',
    to: '/login?redirect=%2Fprofile%3Ftab%3Dpassword',
  });
  expect(decide({ ...base, token: '', pathname: '/404' })).toMatchObject({ kind: 'redirect' });
  expect(decide({ ...base, token: '', pathname: '/lockScreen' })).toMatchObject({ kind: 'redirect' });
});

test('AUTH-017: after a sign-out the guard goes to plain /login', () => {
  expect(decide({ ...base, token: '', signedOut: true, pathname: '/home' })).toEqual({ kind: 'redirect', to: '/login' });
});

test('ROUTE-025: while locked everything leads to /lockScreen except /lockScreen and /login', () => {
  const locked = { ...base, locked: true };
  expect(decide({ ...locked, pathname: '/home' })).toEqual({ kind: 'redirect', to: '/lockScreen' });
  expect(decide({ ...locked, pathname: '/sso' })).toEqual({ kind: 'redirect', to: '/lockScreen' });
  expect(decide({ ...locked, pathname: '/lockScreen', loaded: false })).toEqual({ kind: 'render' });
  expect(decide({ ...locked, pathname: '/login' })).toEqual({ kind: 'redirect', to: '/' });
  // Not locked: the lock screen has nothing to show.
  expect(decide({ ...base, pathname: '/lockScreen' })).toEqual({ kind: 'redirect', to: '/' });
});

test('ROUTE-026: with a token /login leads to /', () => {
  expect(decide({ ...base, pathname: '/login' })).toEqual({ kind: 'redirect', to: '/' });
});

test('ROUTE-027: with a token and no menu yet, load the user first', () => {
  expect(decide({ ...base, loaded: false, pathname: '/home' })).toEqual({ kind: 'load' });
  expect(decide({ ...base, loaded: true, pathname: '/home' })).toEqual({ kind: 'render' });
});

test('ROUTE-030: a different token in the /workFlowDetail query is adopted', () => {
  expect(tokenFromQuery('/workFlowDetail', '?config=x&token=Bearer%20new', 'Bearer old')).toBe('Bearer new');
  expect(tokenFromQuery('/workFlowDetail', '?token=Bearer%20old', 'Bearer old')).toBeNull();
  expect(tokenFromQuery('/home', '?token=Bearer%20new', 'Bearer old')).toBeNull();
});

test('after login: the redirect query, never another site', () => {
  expect(afterLogin('?redirect=%2Fprofile%3Ftab%3Dpassword')).toBe('/profile?tab=password');
  expect(afterLogin('')).toBe('/');
  expect(afterLogin('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
  expect(afterLogin('?redirect=%2F%2Fevil.example')).toBe('/');
});
