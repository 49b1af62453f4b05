// The message view dialog shows the notice's rich body cleaned by safeHtml (issue 23 §3 web):
// the server sanitises a body when it is saved, the view does not trust that alone.
import { render, screen } from '@testing-library/react';
import { initI18n } from '@/i18n';
import type { MessageInfo } from '@/api/message';
import { MessageView } from './MessageView';

beforeAll(() => initI18n('zh-CN'));

// Not MSG-009 itself (the dialog's parts are MessageDrawer.test.tsx's): only its body's safety.
test('the message body keeps its formatting, without scripts, event handlers or javascript: links', async () => {
  const info = {
    id: 'm1',
    title: '通知',
    type: 3,
    flowType: 0,
    releaseUser: '管理员/admin',
    releaseTime: 1_767_312_000_000,
    excerpt: '',
    bodyText: '<p>正文<b>加粗</b></p><script>window.__hit = 1</script><img src="/a.png" onerror="window.__hit = 2"><a href="javascript:alert(1)" onclick="x()">链接</a>',
    files: '',
    coverImage: '',
  } as unknown as MessageInfo;
  render(<MessageView info={info} open onClose={() => {}} />);
  await screen.findByText('加粗');
  const body = document.querySelector('.qm-message-view-body') as HTMLElement;
  expect(body.querySelector('b')?.textContent).toBe('加粗');
  expect(body.querySelector('script')).toBeNull();
  expect(body.querySelector('img')?.getAttribute('src')).toBe('/a.png');
  expect(body.querySelector('img')?.hasAttribute('onerror')).toBe(false);
  const link = body.querySelector('a') as HTMLAnchorElement;
  expect(link.textContent).toBe('链接');
  expect(link.hasAttribute('href')).toBe(false);
  expect(link.hasAttribute('onclick')).toBe(false);
});
