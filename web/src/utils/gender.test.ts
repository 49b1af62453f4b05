// The gender column of the user list in each language (issue 25: 女 in the English list).
import i18n, { initI18n } from '@/i18n';
import { genderName } from './gender';

const seeded = [
  { enCode: '1', fullName: '男' },
  { enCode: '2', fullName: '女' },
  { enCode: '3', fullName: '保密' },
];

test('the seeded sex dictionary reads in the current language', async () => {
  initI18n('en');
  await i18n.changeLanguage('en');
  expect(['1', '2', '3', '', null].map((c) => genderName(c, seeded, i18n.t))).toEqual(['Male', 'Female', 'Undisclosed', 'Undisclosed', 'Undisclosed']);
  await i18n.changeLanguage('zh-CN');
  expect(['1', '2', '3'].map((c) => genderName(c, seeded, i18n.t))).toEqual(['男', '女', '保密']);
});

test('an item the administrators renamed shows as written in every language', async () => {
  initI18n('en');
  await i18n.changeLanguage('en');
  expect(genderName('2', [{ enCode: '2', fullName: '女性' }], i18n.t)).toBe('女性');
  await i18n.changeLanguage('zh-CN');
});
