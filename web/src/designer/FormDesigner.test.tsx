// 表单设计 in jsdom (issue 27): palette click and keyboard insert (dragging is the Chromium
// story's), select, the property panel with the core's field-name check, insert into a
// sub-table, copy/delete, Ctrl+Z/Ctrl+Y, 清空 after confirmation, the JSON view and 预览.
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { initI18n } from '@/i18n';
import { buttonNamed, confirmation } from '@/test/renderPage';
import type { FormDefinition } from '@/engine';
import { FormDesigner } from './FormDesigner';

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));

const canvas = () => document.querySelector('.qm-designer-canvas') as HTMLElement;
const onCanvas = (key: string) => [...canvas().querySelectorAll<HTMLElement>(`[data-widget="${key}"]`)];
const props = () => document.querySelector('.qm-designer-props') as HTMLElement;
const input = (label: string) => props().querySelector(`[aria-label="${label}"]`) as HTMLInputElement;
const palette = (key: string) => document.querySelector(`.qm-designer-palette [data-widget="${key}"]`) as HTMLButtonElement;

function setup() {
  let latest: FormDefinition | null = null;
  const view = render(
    <App>
      <FormDesigner onChange={(f) => (latest = f)} />
    </App>,
  );
  return { view, form: () => latest! };
}

test('the palette in four groups; a click adds the widget, selected, with its properties', async () => {
  const { form } = setup();
  const groups = [...document.querySelectorAll('.qm-designer-palette h5')].map((h) => h.textContent);
  expect(groups).toEqual(['基础控件', '高级控件', '系统控件', '布局控件']);
  expect(canvas().textContent).toContain('从左侧拖入或点击组件');
  fireEvent.click(palette('comInput'));
  expect(onCanvas('comInput')).toHaveLength(1);
  expect(onCanvas('comInput')[0].getAttribute('aria-selected')).toBe('true');
  expect(input('控件字段').value).toBe('comInputField101');
  expect(input('控件标题').value).toBe('单行输入');
  fireEvent.change(input('控件标题'), { target: { value: '患者电话' } });
  expect(onCanvas('comInput')[0].textContent).toContain('患者电话');
  fireEvent.click(props().querySelector('[aria-label="是否必填"]')!);
  fireEvent.click(buttonNamed('添加规则'));
  fireEvent.change(input('表达式 1'), { target: { value: '/^1[3-9]\\d{9}$/' } });
  fireEvent.change(input('错误提示 1'), { target: { value: '请输入正确的手机号' } });
  expect(form().fields[0]).toMatchObject({ __vModel__: 'comInputField101', __config__: { label: '患者电话', required: true, regList: [{ pattern: '/^1[3-9]\\d{9}$/', message: '请输入正确的手机号' }] } });
  // the keyboard: Enter on a palette widget adds it as well
  fireEvent.keyDown(palette('numInput'), { key: 'Enter' });
  expect(onCanvas('numInput')).toHaveLength(1);
  expect(form().fields.map((f) => f.__vModel__)).toEqual(['comInputField101', 'numInputField102']);
});

test('a field name that breaks the core’s rule is told under it; a duplicate too', async () => {
  setup();
  fireEvent.click(palette('comInput'));
  fireEvent.change(input('控件字段'), { target: { value: '1phone' } });
  await waitFor(() => expect(props().querySelector('[role="alert"]')?.textContent).toMatch(/字段名无效/));
  expect(onCanvas('comInput')[0].className).toContain('has-problem');
  fireEvent.click(palette('comInput'));
  fireEvent.change(input('控件字段'), { target: { value: '1phone' } });
  await waitFor(() => expect(props().textContent).toMatch(/字段名重复|字段名无效/));
  // the problems above the canvas: each names its widget, a click selects it
  const list = document.querySelector('.qm-designer-problems') as HTMLElement;
  await waitFor(() => expect(list.querySelectorAll('li').length).toBeGreaterThanOrEqual(2));
  expect(onCanvas('comInput')[0].getAttribute('aria-selected')).toBe('false');
  fireEvent.click(list.querySelector('li button')!);
  expect(onCanvas('comInput')[0].getAttribute('aria-selected')).toBe('true');
});

test('a sub-table selected takes the widgets clicked; copy and delete act on the selection', async () => {
  const { form } = setup();
  fireEvent.click(palette('table'));
  fireEvent.click(palette('numInput'));
  fireEvent.click(palette('calculate'));
  const table = form().fields[0];
  expect(table.__config__.children!.map((c) => c.__config__.jnpfKey)).toEqual(['numInput']);
  // the numInput is selected now: calculate went after the table (a numInput holds nothing)
  expect(form().fields.map((f) => f.__config__.jnpfKey)).toEqual(['table', 'calculate']);
  fireEvent.click(onCanvas('numInput')[0]);
  fireEvent.click(buttonNamed('复制'));
  expect(form().fields[0].__config__.children!.map((c) => c.__vModel__)).toEqual(['numInputField102', 'numInputField104']);
  expect(form().fields[0].__config__.children![1].__config__.parentVModel).toBe('tableField101');
  fireEvent.click(buttonNamed('删除'));
  expect(form().fields[0].__config__.children).toHaveLength(1);
});

test('Ctrl+Z and Ctrl+Y undo and redo; 清空 asks first', async () => {
  const { form } = setup();
  fireEvent.click(palette('comInput'));
  fireEvent.click(palette('date'));
  fireEvent.keyDown(document, { key: 'z', ctrlKey: true });
  expect(form().fields).toHaveLength(1);
  fireEvent.keyDown(document, { key: 'y', ctrlKey: true });
  expect(form().fields).toHaveLength(2);
  fireEvent.click(buttonNamed('清空'));
  expect(form().fields).toHaveLength(2);
  await waitFor(() => expect(confirmation().textContent).toContain('确定清空'));
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(form().fields).toHaveLength(0));
  fireEvent.click(buttonNamed('撤销'));
  expect(form().fields).toHaveLength(2);
});

test('the JSON view exports the definition and imports another; 预览 renders the draft with the engine', async () => {
  const { form } = setup();
  fireEvent.click(palette('comInput'));
  fireEvent.change(input('控件标题'), { target: { value: '姓名' } });
  fireEvent.click(buttonNamed('JSON'));
  const text = await waitFor(() => document.querySelector('textarea[aria-label="JSON"]') as HTMLTextAreaElement);
  expect(JSON.parse(text.value)).toEqual(form());
  fireEvent.change(text, { target: { value: '[1]' } });
  fireEvent.click(buttonNamed('导入'));
  await waitFor(() => expect(document.body.textContent).toContain('不是表单定义'));
  const other = { ...form(), labelWidth: 140, fields: [{ ...form().fields[0], __vModel__: 'patientName' }] };
  fireEvent.change(text, { target: { value: JSON.stringify(other) } });
  fireEvent.click(buttonNamed('导入'));
  await waitFor(() => expect(form().labelWidth).toBe(140));
  expect(form().fields[0].__vModel__).toBe('patientName');

  fireEvent.click(buttonNamed('预览'));
  await waitFor(() => expect(document.querySelector('.ant-modal .ant-form-item-label')?.textContent).toContain('姓名'));
  await act(async () => undefined);
});

test('表单属性 edits the form’s settings', () => {
  const { form } = setup();
  fireEvent.click(document.querySelector('.qm-designer-props [role="tab"]:nth-child(2), .qm-designer-props .ant-tabs-tab:nth-child(2)')!);
  fireEvent.change(input('标题宽度'), { target: { value: '120' } });
  fireEvent.change(input('确定按钮文字'), { target: { value: '保 存' } });
  expect(form()).toMatchObject({ labelWidth: 120, confirmButtonText: '保 存' });
});

test('a static option list, the user picker’s 系统变量 and a tab’s panes are edited in 组件属性', () => {
  const { form } = setup();
  fireEvent.click(palette('select'));
  fireEvent.change(input('选项名 1'), { target: { value: '自费' } });
  fireEvent.click(buttonNamed('添加选项'));
  fireEvent.change(input('选项值 3'), { target: { value: 'x' } });
  fireEvent.click(buttonNamed('删除 选项名 2'));
  expect(form().fields[0].options).toEqual([
    { fullName: '自费', id: '1' },
    { fullName: '选项3', id: 'x' },
  ]);
  fireEvent.click(props().querySelector('[aria-label="是否隐藏"]')!);
  fireEvent.click(props().querySelector('input[value="app"]')!);
  expect(form().fields[0].__config__).toMatchObject({ noShow: true, visibility: ['pc'] });
  fireEvent.click(palette('userSelect'));
  fireEvent.click(props().querySelector('[aria-label="系统变量"]')!);
  expect(form().fields[1].hasSys).toBe(true);
  fireEvent.click(palette('tab'));
  fireEvent.change(input('标题 1'), { target: { value: '基本信息' } });
  fireEvent.click(buttonNamed('添加标签页'));
  fireEvent.click(buttonNamed('删除 2'));
  expect(form().fields[2].__config__.children!.map((p) => p.title)).toEqual(['基本信息', 'Tab 3']);
});
