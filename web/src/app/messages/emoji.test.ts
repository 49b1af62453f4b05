// CHAT-009: the emoji codes 100..219 and their bracketed labels.
import { EMOJIS, pieces } from './emoji';

test('CHAT-009: 120 emoji, codes 100 to 219, each a distinct bracketed label', () => {
  expect(EMOJIS).toHaveLength(120);
  expect(EMOJIS[0]).toEqual({ code: 100, label: '[微笑]' });
  expect(EMOJIS[EMOJIS.length - 1].code).toBe(219);
  expect(new Set(EMOJIS.map((e) => e.label)).size).toBe(120);
  expect(EMOJIS.every((e) => /^\[[^[\]]+\]$/.test(e.label))).toBe(true);
});

test('CHAT-009: a message is drawn with its known labels as emoji; unknown brackets stay text', () => {
  expect(pieces('你好[微笑]，[不存在]再见[再见]')).toEqual([
    { text: '你好' },
    { emoji: { code: 100, label: '[微笑]' } },
    { text: '，[不存在]再见' },
    { emoji: { code: 139, label: '[再见]' } },
  ]);
  expect(pieces('')).toEqual([]);
  expect(pieces('[OK][OK]')).toHaveLength(2);
});
