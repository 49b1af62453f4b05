// Checklist coverage of the form engine's widgets (spec 02 §2.9, §2.11, §4.3, §4.7, §4.9, §5,
// §6, §9): the sub-table's title, index, delete and add controls and its cell flags, the group
// title's help, the rating's default, the open-data fields, the QR code's content and the codes'
// redrawing, the rich-text editor, the auto-complete's failure, the date range's timestamps and
// the calculate fields' debounce. The real rules core (WASM) and HTTP client; only `fetch` is
// fake, and the two drawing libraries (qrcode, jsbarcode) are recorded instead of drawing.
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import QRCode from 'qrcode';
import JsBarcode from 'jsbarcode';
import { initI18n } from '@/i18n';
import { useUser } from '@/stores/user';
import { fakeFetch, type Call } from '@/test/fakeFetch';
import { engine, forgetEngine, renderEngineForm } from '@/test/engineForm';
import type { Field, FormDefinition, FormRecord } from './definition';
import { DetailViewer, type ModelExtra } from './index';
import { BarCode, QrCode } from './codes';
import { codeText, formPayload } from './values';
import { CALC_DEBOUNCE_MS } from './useFormEngine';

jest.mock('qrcode', () => ({ __esModule: true, default: { toCanvas: jest.fn(() => Promise.resolve()) } }));
jest.mock('jsbarcode', () => ({ __esModule: true, default: jest.fn() }));

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [] }),
    'POST /api/system/DataInterface/{id}/Actions/Preview': () => [],
  });
  useUser.setState({ userInfo: { userName: '管理员', userAccount: 'admin', departmentName: '内科', organizeName: '总院', positionName: '医师' } as never });
  (QRCode.toCanvas as jest.Mock).mockClear();
  (JsBarcode as unknown as jest.Mock).mockClear();
});

beforeEach(forgetEngine);

function renderForm(fields: Field[], record?: FormRecord, model?: ModelExtra) {
  return renderEngineForm({ formRef: 'elForm', fields } as unknown as FormDefinition, record, model);
}

/** A field of the palette's shape. */
const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}): Field =>
  ({ __vModel__: vModel, __config__: { jnpfKey, label, showLabel: true, span: 24, visibility: ['pc', 'app'], ...config }, ...extra }) as unknown as Field;

/** A sub-table `items` with the given columns and settings. */
const subTable = (columns: Field[], extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}): Field =>
  field('table', 'items', '费用明细', { 'show-summary': false, ...extra }, { showTitle: true, children: columns.map((c) => ({ ...c, __config__: { ...c.__config__, parentVModel: 'items' } })), ...config });

const ready = () => waitFor(() => expect(engine()?.ready).toBe(true));

test('WGT-076, WGT-077, WGT-079: the sub-table shows its title with the tipLabel tooltip, a 序号 column, a delete icon per row and the add button with its actionText; showTitle, showDeleteBtn and showAddBtn false hide them', async () => {
  const columns = [field('comInput', 'item_name', '项目')];
  const { container, unmount } = renderForm([subTable(columns, { actionText: '添加费用' }, { tipLabel: '每行一项费用' })], { items: [{ item_name: 'A' }, { item_name: 'B' }] });
  await ready();
  const table = container.querySelector('[data-table="items"]') as HTMLElement;
  const title = table.querySelector('.qm-engine-subtable-title') as HTMLElement;
  expect(title.textContent).toBe('费用明细');
  fireEvent.mouseEnter(title.querySelector('.qm-engine-tip') as Element);
  await waitFor(() => expect(document.querySelector('.ant-tooltip')?.textContent).toBe('每行一项费用'));
  // The index column, then a delete icon in every row.
  expect(table.querySelector('thead')?.textContent).toContain('序号');
  const rows = [...table.querySelectorAll('tbody tr.ant-table-row')];
  expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['1', '2']);
  expect(rows.map((r) => !!r.querySelector('button[aria-label^="删除第"] .anticon-delete'))).toEqual([true, true]);
  // The add button says actionText and adds a row.
  const add = table.querySelector('.qm-engine-add-row') as HTMLButtonElement;
  expect(add.textContent?.replace(/\s/g, '')).toBe('添加费用');
  fireEvent.click(add);
  await waitFor(() => expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(3));
  unmount();

  // Without an actionText the button says 添加; with the three flags off nothing of it shows.
  const plain = renderForm([subTable(columns)], { items: [{ item_name: 'A' }] });
  await ready();
  expect(plain.container.querySelector('.qm-engine-add-row')?.textContent?.replace(/\s/g, '')).toBe('添加');
  plain.unmount();
  const off = renderForm([subTable(columns, { showDeleteBtn: false, showAddBtn: false }, { showTitle: false })], { items: [{ item_name: 'A' }] });
  await ready();
  const bare = off.container.querySelector('[data-table="items"]') as HTMLElement;
  expect(bare.querySelector('.qm-engine-subtable-title')).toBeNull();
  expect(bare.querySelector('.qm-engine-add-row')).toBeNull();
  expect(bare.querySelector('button[aria-label^="删除第"]')).toBeNull();
  expect(bare.querySelector('tbody tr.ant-table-row td')?.textContent).toBe('1');
});

test('WGT-085: a cell carries valid (required) and regValid (pattern) flags that turn false when its check fails and true again when it passes', async () => {
  const columns = [
    field('comInput', 'item_name', '项目', {}, { required: true }),
    field('comInput', 'code', '编码', {}, { regList: [{ pattern: '^[A-Z]+$', message: '只能是大写字母' }] }),
  ];
  const { container } = renderForm([subTable(columns)], { items: [{ item_name: 'A', code: 'AB' }] });
  await ready();
  const cell = (name: string) => container.querySelector(`[data-cell="items[0].${name}"]`) as HTMLElement;
  expect([cell('item_name').dataset.valid, cell('code').dataset.regValid]).toEqual(['true', 'true']);
  act(() => engine().setCell('items', 0, 'item_name', ''));
  act(() => engine().setCell('items', 0, 'code', 'ab1'));
  await waitFor(() => expect(cell('item_name').dataset.valid).toBe('false'));
  expect(cell('item_name').textContent).toContain('不能为空');
  expect(cell('item_name').dataset.regValid).toBe('true');
  expect(cell('code').dataset.regValid).toBe('false');
  expect(cell('code').dataset.valid).toBe('true');
  expect(cell('code').textContent).toContain('只能是大写字母');
  act(() => engine().setCell('items', 0, 'item_name', '挂号'));
  act(() => engine().setCell('items', 0, 'code', 'XY'));
  await waitFor(() => expect(cell('item_name').dataset.valid).toBe('true'));
  expect(cell('code').dataset.regValid).toBe('true');
});

test('WGT-110: a group title shows its help as a tooltip', async () => {
  const { container } = renderForm([
    field('groupTitle', '', '', { content: '基本信息', tipLabel: '病人的基本资料' }, { showLabel: false }),
    field('groupTitle', '', '', { content: '其他' }, { showLabel: false }),
  ]);
  await ready();
  const titles = container.querySelectorAll('.qm-engine-group-title');
  expect(titles[0].textContent).toBe('基本信息');
  expect(titles[1].querySelector('.qm-engine-tip')).toBeNull();
  fireEvent.mouseEnter(titles[0].querySelector('.qm-engine-tip') as Element);
  await waitFor(() => expect(document.querySelector('.ant-tooltip')?.textContent).toBe('病人的基本资料'));
});

test('WGT-112: a rating without max offers 5 stars; max sets the count', async () => {
  const { container } = renderForm([field('rate', 'score', '评分'), field('rate', 'score10', '评分10', { max: 10 })]);
  await ready();
  expect(container.querySelectorAll('[data-field="score"] .ant-rate-star')).toHaveLength(5);
  expect(container.querySelectorAll('[data-field="score10"] .ant-rate-star')).toHaveLength(10);
});

test('WGT-115, WGT-116, CONST-007: while filling, currUser shows the user as name/account (or the one known), currTime now as yyyy-MM-dd HH:mm:ss; a kept time shows the same way', async () => {
  const before = dayjs();
  const { container, unmount } = renderForm([field('createUser', 'creator', '创建人'), field('createTime', 'created', '创建时间'), field('modifyTime', 'modified', '修改时间')], {
    modified: new Date(2026, 0, 2, 3, 4, 5).getTime(),
  });
  await ready();
  const value = (name: string) => (container.querySelector(`[data-field="${name}"] input`) as HTMLInputElement).value;
  expect(value('creator')).toBe('管理员/admin');
  expect(value('created')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(dayjs(value('created'), 'YYYY-MM-DD HH:mm:ss').valueOf()).toBeGreaterThanOrEqual(before.startOf('second').valueOf());
  expect(dayjs(value('created'), 'YYYY-MM-DD HH:mm:ss').valueOf()).toBeLessThanOrEqual(Date.now());
  expect(value('modified')).toBe('2026-01-02 03:04:05');
  unmount();
  useUser.setState({ userInfo: { userAccount: 'admin' } as never });
  const other = renderForm([field('createUser', 'creator', '创建人')]);
  await ready();
  expect((other.container.querySelector('[data-field="creator"] input') as HTMLInputElement).value).toBe('admin');
});

test('WGT-101, WGT-103: the QR code shows its static text, else the related field, else the dynamic-form payload (DFD) when the form and model ids are known, else nothing', async () => {
  const qr = (extra: Record<string, unknown>) => field('qrcode', '', '', extra, { showLabel: false });
  const record = { patient_no: 'P001' };
  expect(codeText(qr({ dataType: 'static', staticText: 'hello' }), record)).toBe('hello');
  expect(codeText(qr({ dataType: 'relation', relationField: 'patient_no' }), record)).toBe('P001');
  expect(codeText(qr({ dataType: 'form' }), record)).toBe('');
  expect(codeText(qr({ dataType: 'form' }), record, { modelId: 'm1' })).toBe('');
  const model: ModelExtra = { id: 'r9', modelId: 'm1', type: 1, flowId: 'f1', processId: 'p1', taskId: 't1', opType: 2 };
  expect(JSON.parse(codeText(qr({ dataType: 'form' }), record, model))).toEqual({ t: 'DFD', id: 'r9', mid: 'm1', mt: 1, fid: 'f1', pid: 'p1', ftid: 't1', opt: 2 });
  expect(Object.keys(JSON.parse(formPayload(model)))).toEqual(['t', 'id', 'mid', 'mt', 'fid', 'pid', 'ftid', 'opt']);
  // In a form: the page's record and model reach the QR code.
  const { container } = renderForm([field('comInput', 'patient_no', '病案号'), qr({ dataType: 'form' }), qr({ dataType: 'relation', relationField: 'patient_no' })], record, { id: 'r9', modelId: 'm1', type: 1 });
  await ready();
  await waitFor(() => expect(container.querySelectorAll('canvas.qm-engine-qrcode')).toHaveLength(2));
  const texts = [...container.querySelectorAll('canvas.qm-engine-qrcode')].map((c) => c.getAttribute('data-text'));
  expect(JSON.parse(texts[0] as string)).toMatchObject({ t: 'DFD', id: 'r9', mid: 'm1', mt: 1 });
  expect(texts[1]).toBe('P001');
  // The related field changes: the code follows it.
  act(() => engine().setValue('patient_no', 'P002'));
  await waitFor(() => expect(container.querySelectorAll('canvas.qm-engine-qrcode')[1].getAttribute('data-text')).toBe('P002'));
});

test('WGT-102, WGT-098: the QR code redraws when its text or settings change; the barcode redraws on any setting change', () => {
  const qr = { __config__: { jnpfKey: 'qrcode' }, size: 100, colorDark: '#000000', colorLight: '#ffffff' } as unknown as Field;
  const toCanvas = QRCode.toCanvas as jest.Mock;
  const q = render(<QrCode field={qr} text="A1" />);
  expect(toCanvas).toHaveBeenCalledTimes(1);
  q.rerender(<QrCode field={qr} text="A2" />);
  expect(toCanvas).toHaveBeenCalledTimes(2);
  expect(toCanvas.mock.calls[1][1]).toBe('A2');
  q.rerender(<QrCode field={{ ...qr, size: 200 } as Field} text="A2" />);
  q.rerender(<QrCode field={{ ...qr, size: 200, colorDark: '#ff0000' } as Field} text="A2" />);
  expect(toCanvas).toHaveBeenCalledTimes(4);
  expect(toCanvas.mock.calls[3][2]).toMatchObject({ width: 200, color: { dark: '#ff0000' } });
  q.unmount();

  const bar = { __config__: { jnpfKey: 'barcode' }, format: 'code128', lineColor: '#000000', background: '#ffffff', width: 4, height: 40 } as unknown as Field;
  const draw = JsBarcode as unknown as jest.Mock;
  const b = render(<BarCode field={bar} text="AB12" />);
  expect(draw).toHaveBeenCalledTimes(1);
  const changes: Record<string, unknown>[] = [{ format: 'code39' }, { lineColor: '#ff0000' }, { background: '#eeeeee' }, { width: 2 }, { height: 80 }];
  let shown = bar;
  for (const change of changes) {
    shown = { ...shown, ...change } as Field;
    b.rerender(<BarCode field={shown} text="AB12" />);
  }
  b.rerender(<BarCode field={shown} text="AB13" />);
  expect(draw).toHaveBeenCalledTimes(1 + changes.length + 1);
  expect(draw.mock.calls[draw.mock.calls.length - 1][2]).toMatchObject({ format: 'CODE39', lineColor: '#ff0000', background: '#eeeeee', width: 2, height: 80 });
});

test('WGT-107: the rich-text editor is Quill\'s snow theme with the placeholder 请输入 unless the field sets one', async () => {
  const { container } = renderForm([field('editor', 'notes', '备注'), field('editor', 'summary', '小结', { placeholder: '请填写小结' })]);
  await ready();
  await waitFor(() => expect(container.querySelectorAll('.ql-container.ql-snow')).toHaveLength(2));
  expect(container.querySelectorAll('.ql-toolbar.ql-snow')).toHaveLength(2);
  expect(container.querySelector('[data-field="notes"] .ql-editor')?.getAttribute('data-placeholder')).toBe('请输入');
  expect(container.querySelector('[data-field="summary"] .ql-editor')?.getAttribute('data-placeholder')).toBe('请填写小结');
});

test('WGT-114: when the auto-complete\'s call fails, the suggestions become an empty list', async () => {
  let fail = false;
  const asked: Call[] = [];
  fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [] }),
    'POST /api/system/DataInterface/{id}/Action/List': (call) => {
      asked.push(call);
      if (fail) throw new Error('network down');
      return { list: [{ drugName: '阿莫西林' }, { drugName: '阿司匹林' }], pagination: { currentPage: 1, pageSize: 50, total: 2 } };
    },
  });
  const auto = field('autoComplete', 'drug', '药品', { interfaceId: 'i1', relationField: 'drugName', templateJson: [{ field: 'kw', relationField: '@keyword', defaultValue: '' }] });
  const { container } = renderForm([auto]);
  await ready();
  const input = container.querySelector('[data-field="drug"] input') as HTMLInputElement;
  fireEvent.change(input, { target: { value: '阿' } });
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2));
  expect(document.querySelector('.ant-select-dropdown')?.classList.contains('ant-select-dropdown-empty')).toBe(false);
  fail = true;
  fireEvent.change(input, { target: { value: '阿莫' } });
  await waitFor(() => expect(asked).toHaveLength(2));
  // The dropdown's list is empty now (antd marks it so and closes it).
  await waitFor(() => expect(document.querySelector('.ant-select-dropdown')?.classList.contains('ant-select-dropdown-empty')).toBe(true));
});

test('WGT-121: a date range holds timestamps: a kept pair shows as dates, and picking two days stores their epoch ms', async () => {
  const start = new Date(2026, 2, 3).getTime();
  const end = new Date(2026, 2, 5).getTime();
  const { container } = renderForm([field('dateRange', 'stay', '住院期间', { format: 'yyyy-MM-dd' })], { stay: [start, end] });
  await ready();
  const inputs = container.querySelectorAll('[data-field="stay"] input');
  expect([...inputs].map((i) => (i as HTMLInputElement).value)).toEqual(['2026-03-03', '2026-03-05']);
  fireEvent.mouseDown(inputs[0]);
  fireEvent.click(inputs[0]);
  await waitFor(() => expect(document.querySelector('td[title="2026-03-10"]')).not.toBeNull());
  fireEvent.click(document.querySelector('td[title="2026-03-10"]') as Element);
  fireEvent.click(document.querySelector('td[title="2026-03-12"]') as Element);
  await waitFor(() => expect((engine().record.stay as unknown[])?.[1]).not.toBe(end));
  const stay = engine().record.stay as unknown[];
  expect(stay.every((v) => typeof v === 'number')).toBe(true);
  expect(stay.map((v) => dayjs(v as number).format('YYYY-MM-DD'))).toEqual(['2026-03-10', '2026-03-12']);
});

test('CALC-004: calculate fields follow a change 100 ms after it, not at once; a submit gets them at once', async () => {
  const calc = field('calculate', 'total', '合计', { precision: 0, expression: [{ __vModel__: 'a', label: 'A' }, '+', { __vModel__: 'b', label: 'B' }] });
  renderForm([field('numInput', 'a', 'A'), field('numInput', 'b', 'B'), calc], { a: 1, b: 2 });
  await ready();
  await waitFor(() => expect(engine().record.total).toBe(3));
  expect(CALC_DEBOUNCE_MS).toBe(100);
  act(() => engine().setValue('a', 10));
  const changed = Date.now();
  act(() => engine().setValue('b', 20));
  // Not at once, and not before 100 ms have passed (checked when this machine was quick enough)…
  expect(engine().record.total).toBe(3);
  await act(() => new Promise((r) => setTimeout(r, 50)));
  if (Date.now() - changed < CALC_DEBOUNCE_MS) expect(engine().record.total).toBe(3);
  // …then once.
  await waitFor(() => expect(engine().record.total).toBe(30));
  // A submit right after a change sends the recomputed record.
  act(() => engine().setValue('a', 5));
  let sent: FormRecord | null = null;
  act(() => {
    sent = engine().current();
  });
  expect((sent as unknown as FormRecord).total).toBe(25);
});

test('issue 23 §1: the core computes the record — an earlier calculate field reads a later one, a loaded lie is recomputed, and numbers show the core\'s half-up rounding', async () => {
  const balance = field('calculate', 'balance', '余额', { precision: 2, expression: [{ __vModel__: 'deposit' }, '-', { __vModel__: 'total' }] });
  const total = field('calculate', 'total', '合计', { precision: 2, thousands: true, expression: [{ __vModel__: 'price' }, '×', { __vModel__: 'qty' }] });
  const { container } = renderForm([balance, field('numInput', 'deposit', '押金'), field('numInput', 'price', '单价'), field('numInput', 'qty', '数量'), total], {
    deposit: 100,
    price: 12.5,
    qty: 3,
    total: 9999,
    balance: 1,
  });
  await ready();
  await waitFor(() => expect(engine().record.total).toBe(37.5));
  expect(engine().record.balance).toBe(62.5);
  // 1.005 × 1 shown to 2 decimals is 1.01 (JavaScript's toFixed gave 1.00).
  act(() => {
    engine().setValue('price', 1.005);
    engine().setValue('qty', 1);
  });
  await waitFor(() => expect(engine().record.total).toBe(1.01));
  expect(((container.querySelector('[data-field="total"]') as HTMLElement).querySelector('input') as HTMLInputElement).value).toBe('1.01');
  expect(engine().record.balance).toBe(98.99);
  // The detail view shows a stored 1.005 to 2 decimals as 1.01, with the core's separators.
  const detail = render(
    <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true }}>
      <DetailViewer formData={{ fields: [field('numInput', 'n', '数', { precision: 2 }), field('numInput', 'm', '多', { precision: 0, thousands: true })] } as unknown as FormDefinition} record={{ n: 1.005, m: -1234.5 }} />
    </ConfigProvider>,
  );
  await waitFor(() => expect([...detail.container.querySelectorAll('.qm-engine-value')].map((v) => v.textContent)).toEqual(['1.01', '-1,235']));
});

test('issue 23 §3: the detail view shows an editor\'s HTML cleaned by DOMPurify (safeHtml): formatting kept, scripts, handlers and javascript: links gone', async () => {
  const html = '<p>说明<strong>重点</strong></p><script>window.__hit = 1</script><img src="https://example.com/a.png" onerror="window.__hit = 2"><a href="javascript:alert(1)">链接</a>';
  const detail = render(
    <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true }}>
      <DetailViewer formData={{ fields: [field('editor', 'notes', '备注')] } as unknown as FormDefinition} record={{ notes: html }} />
    </ConfigProvider>,
  );
  await waitFor(() => expect(detail.container.querySelector('.qm-engine-html strong')?.textContent).toBe('重点'));
  const box = detail.container.querySelector('.qm-engine-html') as HTMLElement;
  expect(box.querySelector('script')).toBeNull();
  expect(box.querySelector('img')?.getAttribute('src')).toBe('https://example.com/a.png');
  expect(box.querySelector('img')?.hasAttribute('onerror')).toBe(false);
  expect(box.querySelector('a')?.hasAttribute('href')).toBe(false);
});

test('WGT-111: a number shows its prefix and suffix (addonBefore, addonAfter) beside the input and around the value in the detail view', async () => {
  const price = field('numInput', 'price', '单价', { addonBefore: '¥', addonAfter: '元', precision: 2 });
  const { container } = renderForm([price, field('numInput', 'count', '数量')], { price: 12.5, count: 3 });
  await ready();
  const box = container.querySelector('[data-field="price"]') as HTMLElement;
  expect([...box.querySelectorAll('.ant-space-addon')].map((a) => a.textContent)).toEqual(['¥', '元']);
  expect(container.querySelector('[data-field="count"] .ant-space-addon')).toBeNull();
  const detail = render(
    <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true }}>
      <DetailViewer formData={{ fields: [price, field('numInput', 'count', '数量')] } as unknown as FormDefinition} record={{ price: 12.5, count: 3 }} />
    </ConfigProvider>,
  );
  await waitFor(() => expect(detail.container.querySelectorAll('.qm-engine-value')).toHaveLength(2));
  expect([...detail.container.querySelectorAll('.qm-engine-value')].map((v) => v.textContent)).toEqual(['¥12.50元', '3']);
});

test('WGT-105: a QR code without settings is 100 wide with low error correction', () => {
  const toCanvas = QRCode.toCanvas as jest.Mock;
  toCanvas.mockClear();
  const q = render(<QrCode field={{ __config__: { jnpfKey: 'qrcode' } } as unknown as Field} text="A1" />);
  expect(toCanvas.mock.calls[0][2]).toMatchObject({ width: 100, errorCorrectionLevel: 'L' });
  q.unmount();
});

test('WGT-097: in a form the barcode draws letters and digits only; other text is refused with its message (the core\'s rule)', async () => {
  const bar = (text: string, name: string) => field('barcode', '', '', { dataType: 'static', staticText: text, __vModel__: name }, { showLabel: false });
  const draw = JsBarcode as unknown as jest.Mock;
  draw.mockClear();
  const { container } = renderForm([bar('AB12', 'ok'), bar('AB-12', 'bad')]);
  await ready();
  await waitFor(() => expect(container.querySelectorAll('svg.qm-engine-barcode')).toHaveLength(1));
  expect(container.querySelector('svg.qm-engine-barcode')?.getAttribute('data-text')).toBe('AB12');
  expect(container.querySelectorAll('.qm-engine-code-bad')).toHaveLength(1);
  expect(container.querySelector('.qm-engine-code-bad')?.textContent).toBe('条形码只能包含字母和数字');
  expect(draw.mock.calls.map((c) => c[1])).toEqual(['AB12']);
});
