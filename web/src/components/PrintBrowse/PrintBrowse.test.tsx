// Printing (issue 29; jnpf-wire-engine2.md §6.4) against a fake printDev API (only `fetch` is
// fake) and the real rules core: the client's filling rules on a Data answer, the template
// choice (none → 请配置打印模板; one → the preview at once; several → the 400px dialog
// 请选择打印模板), the full-screen preview's 下载 (the server's .docx), 打印 (a hidden iframe,
// then printLog/save) and 取消.
import { fireEvent, waitFor } from '@testing-library/react';
import { initI18n } from '@/i18n';
import { loadCore } from '@/core';
import { fakeFetch, type Call } from '@/test/fakeFetch';
import { buttonNamed, renderInApp } from '@/test/renderPage';
import { useUser } from '@/stores/user';
import { fillTemplate, type PrintData } from './fill';
import { PrintFlow, printDialog } from '.';

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));

const TEMPLATE = [
  '<h1>订单 <span data-tag="headTable.code" class="wk-print-tag-wukong">{code}</span></h1>',
  '<p>金额：<span data-tag="headTable.amount">{amount}</span> 大写：<span data-tag=\'isAmountChinese\'>大写金额(<span data-tag="headTable.amount">{amount}</span>)<span></p>',
  '<p>千位：<span data-tag=\'thousands\'>千位分隔符(<span data-tag="headTable.amount">{amount}</span>,2)<span> 非数：大写金额(<span data-tag="headTable.code">{code}</span>)</p>',
  '<table><tbody><tr><td>品名</td><td>数量</td></tr><tr><td><span data-tag="lines.item">{item}</span></td><td><span data-tag="lines.qty">{qty}</span></td></tr></tbody></table>',
  '<p>全部：<span data-tag="lines.item">{item}</span></p>',
  '<p><!-- pagebreak --></p>',
  '<p>&lt;qrCode width=\'100\' height=\'100\'&gt;<span data-tag="headTable.code">{code}</span>&lt;/qrCode&gt;&lt;barCode&gt;<span data-tag="headTable.code">{code}</span>&lt;/barCode&gt;&lt;qrCode&gt;&lt;/qrCode&gt;</p>',
  '<p><span data-tag="null.systemPrinter">{systemPrinter}</span> <span data-tag="null.systemPrintTime">{systemPrintTime}</span></p>',
  '<div><span data-tag="null.systemApprovalContent">{systemApprovalContent}</span></div>',
].join('');

const answer = (code: string, lines: { item: string; qty: string }[]): PrintData => ({
  printTemplate: TEMPLATE,
  printData: { code, amount: '1234.5', lines },
  operatorRecordList: [{ nodeName: '开始', userName: '张三', handleTime: 1705300000000, handleStatus: 2, handleOpinion: '请审' }],
});

const printing = { printer: '管理员/admin', time: '2024-01-15 14:26', formatTime: () => '2024-01-15 14:26' };

test('PRINT-003, PRINT-004, PRINT-005, PRINT-011: the Data answer filled by the client\'s rules', async () => {
  const core = await loadCore();
  const html = await fillTemplate(answer('XS-1', [{ item: '阿莫西林', qty: '2' }, { item: '布洛芬', qty: '1' }]), core, printing);
  const page = document.createElement('div');
  page.innerHTML = html;
  expect(page.querySelector('h1')?.textContent).toBe('订单 XS-1');
  expect(page.textContent).toContain('金额：1234.5 大写：壹仟贰佰叁拾肆元伍角');
  expect(page.textContent).toContain('千位：1,234.50 非数：大写金额(XS-1)');
  const rows = [...page.querySelectorAll('table')[0].querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
  expect(rows).toEqual([['品名', '数量'], ['阿莫西林', '2'], ['布洛芬', '1']]);
  expect(page.textContent).toContain('全部：阿莫西林,布洛芬');
  expect(page.querySelector('p[style*="page-break-after"]')).toBeTruthy();
  const qr = page.querySelector('img[src^="data:image/png"]') as HTMLImageElement;
  expect([qr.getAttribute('width'), qr.getAttribute('height')]).toEqual(['100', '100']);
  expect(page.querySelectorAll('img[src^="data:image/png"]')).toHaveLength(1);
  expect(page.querySelector('svg')).toBeTruthy();
  expect(page.textContent).not.toContain('qrCode');
  expect(page.textContent).toContain('管理员/admin 2024-01-15 14:26');
  const approval = [...page.querySelectorAll('table')[1].querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
  expect(approval).toEqual([['节点名称', '操作人员', '操作时间', '执行动作', '备注'], ['开始', '张三', '2024-01-15 14:26', '发起', '请审']]);
});

let calls: Call[];
beforeEach(() => {
  useUser.setState({ userInfo: { userName: '管理员', userAccount: 'admin' } as never });
  calls = fakeFetch({
    'POST /api/system/printDev/getListOptions': () => [{ id: 't1', fullName: '住院单' }, { id: 't2', fullName: '费用单' }],
    'GET /api/system/printDev/Data': ({ query }) => answer(`单-${query.formId}`, [{ item: '纸', qty: '1' }]),
    'GET /api/system/printDev/BatchData': ({ query }) => query.formId.split(',').map((id) => answer(`单-${id}`, [])),
    'GET /api/system/printDev/{id}/Actions/Docx': () => ({ url: '/api/file/DownloadModel?encryption=k1' }),
    'POST /api/system/printLog/save': () => null,
  });
});

const preview = () => document.querySelector('.qm-print-preview') as HTMLElement;
const printed = () => calls.filter((c) => c.path.startsWith('/api/system/printDev/') && /Data$/.test(c.path));

test('no template configured: 请配置打印模板, nothing fetched', async () => {
  const onClose = jest.fn();
  renderInApp(<PrintFlow templateIds={[]} formIds={['r1']} title="住院登记" onClose={onClose} />);
  await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('请配置打印模板'));
  expect(onClose).toHaveBeenCalled();
  expect(calls).toHaveLength(0);
});

test('PRINT-002: one template opens the full-screen preview at once; 下载 fetches the .docx; 打印 prints from a hidden iframe, then printLog/save', async () => {
  const onClose = jest.fn();
  renderInApp(<PrintFlow templateIds={['t1']} formIds={['r1']} title="住院登记" onClose={onClose} />);
  await waitFor(() => expect(preview()?.textContent).toContain('订单 单-r1'));
  expect(calls.some((c) => c.path.endsWith('getListOptions'))).toBe(false);
  expect(printed()[0]).toMatchObject({ path: '/api/system/printDev/Data', query: { id: 't1', formId: 'r1' } });
  expect(preview().textContent).toContain('管理员/admin');

  const clicked: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
  fireEvent.click(buttonNamed('下载', preview()));
  await waitFor(() => expect(clicked).toEqual(['/api/file/DownloadModel?encryption=k1']));
  expect(calls.find((c) => c.path.endsWith('/Actions/Docx'))).toMatchObject({ path: '/api/system/printDev/t1/Actions/Docx', query: { formId: 'r1' } });
  click.mockRestore();

  let frameText = '';
  const open = jest.spyOn(printDialog, 'open').mockImplementation((win: Window) => {
    frameText = win.document.body.textContent ?? '';
    expect(document.querySelector('iframe.qm-print-frame')).toBeTruthy();
  });
  fireEvent.click(buttonNamed('打印', preview()));
  await waitFor(() => expect(calls.some((c) => c.path === '/api/system/printLog/save')).toBe(true));
  expect(open).toHaveBeenCalledTimes(1);
  expect(frameText).toContain('订单 单-r1');
  expect(calls.find((c) => c.path === '/api/system/printLog/save')?.body).toEqual({ printTitle: '住院登记', printNum: 1, printId: 't1' });
  expect(document.querySelector('iframe.qm-print-frame')).toBeNull();
  open.mockRestore();

  fireEvent.click(buttonNamed('取消', preview()));
  expect(onClose).toHaveBeenCalled();
});

test('PRINT-008: several templates: the 400px dialog 请选择打印模板 lists them; a click prints the batch with it', async () => {
  renderInApp(<PrintFlow templateIds={['t1', 't2']} formIds={['r1', 'r2', 'r3']} title="住院登记" onClose={() => undefined} />);
  const dialog = await waitFor(() => {
    const d = document.querySelector('.qm-print-choose') as HTMLElement;
    expect(d?.textContent).toContain('费用单');
    return d;
  });
  expect(dialog.textContent).toContain('请选择打印模板');
  expect((dialog.closest('.ant-modal') as HTMLElement | null)?.style.width ?? dialog.style.width).toBe('400px');
  expect(calls[0]).toMatchObject({ path: '/api/system/printDev/getListOptions', body: { ids: ['t1', 't2'] } });
  fireEvent.click(buttonNamed('费用单'));
  await waitFor(() => expect(preview()?.textContent).toContain('订单 单-r3'));
  expect(printed()[0]).toMatchObject({ path: '/api/system/printDev/BatchData', query: { id: 't2', formId: 'r1,r2,r3' } });
  // One page per record, a page break between them.
  expect(preview().querySelectorAll('h1')).toHaveLength(3);

  const open = jest.spyOn(printDialog, 'open').mockImplementation(() => undefined);
  fireEvent.click(buttonNamed('打印', preview()));
  await waitFor(() => expect(calls.find((c) => c.path === '/api/system/printLog/save')?.body).toEqual({ printTitle: '费用单', printNum: 3, printId: 't2' }));
  open.mockRestore();
});
