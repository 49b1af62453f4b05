// The navbar's fuzzy menu search (SHELL-017).
import { MAX_PATTERN_LENGTH, SEARCH_OPTIONS, createMenuSearch } from './menuSearch';

const entries = [
  { key: '1', title: '首页', path: '/home' },
  { key: '2', title: '消息记录', path: '/messageRecord' },
  { key: '3', title: '数据字典', path: '/systemData/dictionary' },
  { key: '4', title: '用户管理', path: '/permission/user' },
];

test('SHELL-017: the spec options (title 0.7, path 0.3, threshold 0.4, min match 1)', () => {
  expect(SEARCH_OPTIONS).toMatchObject({
    threshold: 0.4,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  });
  expect(MAX_PATTERN_LENGTH).toBe(32);
});

test('SHELL-017: finds by title and by path, fuzzily', () => {
  const search = createMenuSearch(entries);
  expect(search('消息')[0].key).toBe('2');
  expect(search('字典')[0].key).toBe('3');
  expect(search('dictionary')[0].key).toBe('3');
  expect(search('permision')[0].key).toBe('4'); // a typo still finds it
  expect(search('   ')).toEqual([]);
  expect(search('zzzzqqq')).toEqual([]);
});

test('SHELL-017: a pattern longer than 32 characters is cut, not an error', () => {
  const search = createMenuSearch(entries);
  expect(() => search('dictionary'.repeat(10))).not.toThrow();
});
