// The portal designer's checks (issue 31; jnpf-wire-engine2.md §2.1 "Designer"): the first
// problem of the layout, as JNPF refuses a save — header and content links (PC and app keys),
// images and videos from a URL, iframes, carousel entries, and cards inside containers.
import { checkLayout } from './checks';
import { newCard } from './palette';

const card = (key: string, label: string, extra: Record<string, unknown> = {}) => ({ ...newCard(key, 100, label, { x: 0, y: 0 }), ...extra });
const withOption = (key: string, label: string, option: Record<string, unknown>) => {
  const c = card(key, label);
  return { ...c, option: { ...c.option, ...option } };
};

test('a fresh card of every kind passes', () => {
  const keys = ['todo', 'commonFunc', 'dataBoard', 'tableList', 'text', 'image', 'carousel', 'video', 'schedule', 'iframe', 'rankList', 'timeAxis', 'barChart', 'pieChart', 'lineChart', 'radarChart', 'mapChart', 'notice', 'email', 'todoList', 'card', 'tab'];
  expect(checkLayout(keys.map((k) => card(k, k)))).toBeNull();
});

test('header links: a menu without its menu, an address missing or not a URL — the app keys too', () => {
  const header = (keys: Record<string, unknown>) => [{ ...card('todo', '我的待办'), card: { ...card('todo', '').card, cardRightBtn: '更多', ...keys } }];
  expect(checkLayout(header({ linkType: '1', moduleId: '' }))).toEqual({ key: 'required', label: '我的待办', prop: 'menu' });
  expect(checkLayout(header({ linkType: '1', moduleId: 'm1' }))).toBeNull();
  expect(checkLayout(header({ linkType: '2', urlAddress: '' }))).toEqual({ key: 'required', label: '我的待办', prop: 'link' });
  expect(checkLayout(header({ linkType: '2', urlAddress: 'example.com' }))).toEqual({ key: 'badLink' });
  expect(checkLayout(header({ linkType: '2', urlAddress: 'https://example.com/a' }))).toBeNull();
  expect(checkLayout(header({ appLinkType: '1', appModuleId: '' }))).toEqual({ key: 'required', label: '我的待办', prop: 'menu' });
  expect(checkLayout(header({ appLinkType: '2', appUrlAddress: 'ftp://x' }))).toEqual({ key: 'badLink' });
});

test('image and video from a URL, iframe, text and carousel links', () => {
  expect(checkLayout([withOption('image', '图片', { styleType: 2, defaultValue: '' })])).toEqual({ key: 'required', label: '图片', prop: 'image' });
  expect(checkLayout([withOption('image', '图片', { styleType: 2, defaultValue: 'img.png' })])).toEqual({ key: 'badImage' });
  expect(checkLayout([withOption('image', '图片', { styleType: 1, defaultValue: '/api/file/x.png' })])).toBeNull();
  expect(checkLayout([withOption('video', '视频', { styleType: 2, defaultValue: '' })])).toEqual({ key: 'required', label: '视频', prop: 'video' });
  expect(checkLayout([withOption('video', '视频', { styleType: 2, defaultValue: { url: 'v.mp4' } })])).toEqual({ key: 'badVideo' });
  expect(checkLayout([withOption('iframe', 'iframe', { defaultValue: '' })])).toEqual({ key: 'required', label: 'iframe', prop: 'link' });
  expect(checkLayout([withOption('iframe', 'iframe', { defaultValue: 'intranet/page' })])).toEqual({ key: 'badLink' });
  expect(checkLayout([withOption('text', '文本', { linkType: '1', moduleId: '' })])).toEqual({ key: 'required', label: '文本', prop: 'menu' });
  expect(checkLayout([withOption('carousel', '轮播图', { defaultValue: [{ dataType: 2, imageUrl: 'x' }] })])).toEqual({ key: 'badImage' });
  expect(checkLayout([withOption('carousel', '轮播图', { defaultValue: [{ dataType: 1, imageUrl: '', linkType: '2', urlAddress: '' }] })])).toEqual({ key: 'required', label: '轮播图', prop: 'link' });
});

test('cards inside a card panel or a tab pane are checked too', () => {
  const inner = withOption('iframe', '内嵌', { defaultValue: '' });
  expect(checkLayout([{ ...card('card', '卡片面板'), children: [inner] }])).toEqual({ key: 'required', label: '内嵌', prop: 'link' });
  expect(checkLayout([{ ...card('tab', '标签面板'), children: [{ title: 'Tab 1', children: [] }, { title: 'Tab 2', children: [inner] }] }])).toEqual({ key: 'required', label: '内嵌', prop: 'link' });
});
