// The token is stored the JNPF way, `<token>|String`, and read up to the first `|`.
import { getToken, removeToken, setToken } from './storage';

test('the token round-trips through jnpf_token as <token>|String', () => {
  setToken('Bearer abc');
  expect(localStorage.getItem('jnpf_token')).toBe('Bearer abc|String');
  expect(getToken()).toBe('Bearer abc');
  localStorage.setItem('jnpf_token', 'Bearer plain'); // written by another client without the suffix
  expect(getToken()).toBe('Bearer plain');
  removeToken();
  expect(getToken()).toBe('');
});
