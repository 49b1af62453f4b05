// The rich-text toolbar speaks the page's language (issue 25: "Normal" in the Chinese toolbar).
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import i18n, { initI18n } from '@/i18n';

initI18n('zh-CN');
import Editor from '@/engine/Editor';

const labels = (kind: string) =>
  [...document.querySelectorAll<HTMLElement>(`.ql-picker.ql-${kind} .ql-picker-item`)].map((i) => i.getAttribute('data-label'));
const face = (kind: string) => document.querySelector<HTMLElement>(`.ql-picker.ql-${kind} .ql-picker-label`)?.getAttribute('data-label');

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

test('the header and size pickers are labelled in Chinese, the face follows the choice, and a language change relabels them', async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
  render(<Editor value="" onChange={() => undefined} />);
  await waitFor(() => expect(document.querySelector('.ql-picker.ql-header')).not.toBeNull());
  expect(labels('header')).toEqual(['标题 1', '标题 2', '标题 3', '标题 4', '标题 5', '标题 6', '正文']);
  expect(face('header')).toBe('正文');
  expect(labels('size')).toEqual(['小号', '正常', '大号', '超大号']);
  expect(face('size')).toBe('正常');
  fireEvent.click(document.querySelectorAll<HTMLElement>('.ql-picker.ql-header .ql-picker-item')[1]);
  expect(face('header')).toBe('标题 2');
  await act(() => i18n.changeLanguage('en'));
  expect(labels('header')).toContain('Normal');
  expect(face('header')).toBe('Heading 2');
});
