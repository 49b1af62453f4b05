// The form engine over the demonstration model (fixtures/models/inpatient-admission.json),
// with the real rules core (WASM, nodejs build) and the real HTTP client: only `fetch` is
// fake. It renders every widget and layout, shows the core's messages as the user types and
// the server's after a refused save, recomputes calculate fields and the sub-table's 合计, and
// accepts or refuses the record vectors exactly as the core does.
import * as fs from 'fs';
import * as path from 'path';
import { act, fireEvent, render, renderHook, waitFor } from '@testing-library/react';
import { validateRecord } from '@qiming/core';
import { initI18n } from '@/i18n';
import { useUser } from '@/stores/user';
import { envelope, fakeFetch, type Call } from '@/test/fakeFetch';
import { CONTAINERS, readFormData, walkFields, type Field, type FormDefinition, type FormRecord } from './definition';
import { DetailPopup, DetailViewer, FormPopup, RelatedDetail, recordForSave, restrictForm, useFormEngine, type PopupType } from './index';
import { buttonNamed, confirmation, openPickerIn, renderInApp } from '@/test/renderPage';
import { engine, forgetEngine, renderEngineForm, useKeptEngine } from '@/test/engineForm';

const root = path.resolve(__dirname, '../../..');
const demo = JSON.parse(fs.readFileSync(path.join(root, 'fixtures/models/inpatient-admission.json'), 'utf8'));
const form = readFormData(demo.formData) as FormDefinition;

jest.setTimeout(120_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({
      list: [
        {
          id: '325449144728584261',
          enCode: 'bloodType',
          fullName: '血型',
          isTree: 0,
          dictionaryList: [{ id: 'A', enCode: 'A', fullName: 'A型', parentId: '0', enabledMark: 1, sortCode: 0, description: '', dictionaryTypeId: '325449144728584261', hasChildren: false }],
        },
      ],
    }),
    'POST /api/system/DataInterface/{id}/Actions/Preview': () => [{ wardId: 'w1', wardName: '一病区' }],
    'POST /api/system/DataInterface/{id}/Action/InfoByIds': () => [],
  });
  useUser.setState({ userInfo: { userName: '管理员', userAccount: 'admin', departmentName: '内科', positionName: '医师' } as never });
});

beforeEach(forgetEngine);

const renderForm = (definition: FormDefinition = form, record?: FormRecord) => renderEngineForm(definition, record);
const messagesFor = (container: HTMLElement, name: string) => container.querySelector(`[data-messages-for="${name}"]`)?.textContent ?? '';

/** Every widget of the definition outside sub-tables, and the sub-tables' columns. */
function widgets(definition: FormDefinition) {
  const top: Field[] = [];
  const columns: Field[] = [];
  walkFields(definition.fields, (f) => {
    if (CONTAINERS.has(f.__config__.jnpfKey)) return;
    top.push(f);
    if (f.__config__.jnpfKey === 'table') columns.push(...(f.__config__.children ?? []));
  });
  return { top, columns };
}

test('the demonstration model renders every widget and every layout (WGT-078 header group, WGT-108 button, WGT-109 text, WGT-118 currPosition)', async () => {
  const { container } = renderForm();
  // The first render loads the WASM core: give it time on a busy machine.
  await waitFor(() => expect(engine().ready).toBe(true), { timeout: 30_000 });
  const { top, columns } = widgets(form);
  const missing = top.filter((f) => {
    const c = f.__config__;
    const selector = f.__vModel__ ? `[data-field="${f.__vModel__}"]` : `[data-jnpf-key="${c.jnpfKey}"]`;
    return !container.querySelector(selector);
  });
  expect(missing.map((f) => `${f.__config__.jnpfKey} ${f.__vModel__ ?? ''}`)).toEqual([]);
  // Every jnpfKey of the palette the fixture uses is drawn by its widget, not the fallback.
  expect(container.textContent).not.toMatch(/暂不支持的控件/);
  for (const layout of ['row', 'card', 'tab', 'collapse', 'tableGrid']) expect(container.querySelector(`[data-layout="${layout}"]`)).not.toBeNull();
  expect(container.querySelector('[data-jnpf-key="groupTitle"]')?.textContent).toContain('患者基本信息');
  expect(container.querySelector('[data-jnpf-key="divider"]')).not.toBeNull();
  // The sub-table's columns under their header group (计价).
  const table = container.querySelector('[data-table="charge_items"]') as HTMLElement;
  for (const column of columns) expect(table.textContent).toContain(column.__config__.label);
  expect(table.querySelector('thead')?.textContent).toContain('计价');
  // billRule: read-only preview text; the number is issued on submit.
  const bill = container.querySelector('[data-field="admission_no"] input') as HTMLInputElement;
  expect(bill.placeholder).toBe('系统自动生成');
  expect(bill.disabled).toBe(true);
  // System fields show the signed-in user's data while filling.
  expect((container.querySelector('[data-field="creator_name"] input') as HTMLInputElement).value).toBe('管理员/admin');
  expect((container.querySelector('[data-field="registered_post"] input') as HTMLInputElement).value).toBe('医师');
  // A dictionary select and a data-interface select get their options.
  await waitFor(() => expect(engine().record).toBeDefined());
});

test('typing shows the core\'s message under the field at once and a value clears it (WGT-084: a pattern\'s own message)', async () => {
  const { container } = renderForm();
  await waitFor(() => expect(engine().ready).toBe(true));
  const name = container.querySelector('#field-patient_name') as HTMLInputElement;
  fireEvent.change(name, { target: { value: '张三' } });
  fireEvent.change(name, { target: { value: '' } });
  await waitFor(() => expect(messagesFor(container, 'patient_name')).toBe('患者姓名不能为空'));
  fireEvent.change(name, { target: { value: '张三' } });
  await waitFor(() => expect(messagesFor(container, 'patient_name')).toBe(''));
  // A regList pattern: the author's message, as the user types.
  const phone = container.querySelector('#field-phone') as HTMLInputElement;
  fireEvent.change(phone, { target: { value: '123' } });
  await waitFor(() => expect(messagesFor(container, 'phone')).toBe('请正确输入您的手机号'));
  fireEvent.change(phone, { target: { value: '13800138000' } });
  await waitFor(() => expect(messagesFor(container, 'phone')).toBe(''));
});

test('submit checks the whole record through the core; the server\'s field messages show the same way', async () => {
  const { container } = renderForm();
  await waitFor(() => expect(engine().ready).toBe(true));
  let found: Record<string, unknown> = {};
  await act(async () => {
    found = await engine().validate();
  });
  expect(found).toEqual(validateRecord(form as never, engine().record as never));
  expect(Object.keys(found)).toEqual(expect.arrayContaining(['patient_name', 'gender', 'admit_dept', 'chief_complaint', 'deposit']));
  await waitFor(() => expect(messagesFor(container, 'gender')).toBe('性别不能为空'));
  // A refused save answers {code: 400, data: {field: [text]}}: shown under its field.
  act(() => {
    engine().showServerMessages({ code: 400, msg: '数据校验失败', data: { id_card: ['身份证号已存在'], 'charge_items[0].item_name': ['项目已停用'] } });
  });
  await waitFor(() => expect(messagesFor(container, 'id_card')).toBe('身份证号已存在'));
});

test('CALC-006, CALC-008, WGT-080, AMT-005: a row\'s calculate field, the sum over the sub-table and a formula of formulas follow every change; the 合计 row sums the columns with separators', async () => {
  const { container } = renderForm();
  await waitFor(() => expect(engine().ready).toBe(true));
  act(() => engine().addRow('charge_items'));
  act(() => engine().addRow('charge_items'));
  await waitFor(() => expect(container.querySelectorAll('[data-table="charge_items"] tbody tr.ant-table-row')).toHaveLength(2));
  // Issue 25: a sub-table wider than the dialog keeps its 操作 column in sight, fixed on the right.
  const actionsHead = [...container.querySelectorAll<HTMLElement>('[data-table="charge_items"] thead th')].find((th) => th.textContent === '操作');
  expect(actionsHead?.className).toMatch(/ant-table-cell-fix-(right|end)/);
  // Type into the first row's 单价 cell as a user does.
  const price = container.querySelector('[data-cell="charge_items[0].unit_price"] input') as HTMLInputElement;
  fireEvent.change(price, { target: { value: '1234.5' } });
  fireEvent.blur(price);
  act(() => engine().setCell('charge_items', 0, 'quantity', 2));
  act(() => engine().setCell('charge_items', 1, 'unit_price', 10));
  act(() => engine().setCell('charge_items', 1, 'quantity', 3));
  await waitFor(() => expect(engine().record.total_charge).toBe(2499));
  expect((engine().record.charge_items as FormRecord[]).map((r) => r.amount)).toEqual([2469, 30]);
  // The calculate cells show the core's thousands separators.
  expect((container.querySelector('[data-cell="charge_items[0].amount"] input') as HTMLInputElement).value).toBe('2,469.00');
  // 费用合计 with its Chinese amount; 押金余额 = 押金 − 费用合计.
  const total = container.querySelector('[data-field="total_charge"]') as HTMLElement;
  expect((total.querySelector('input') as HTMLInputElement).value).toBe('2,499.00');
  expect(total.textContent).toContain('贰仟肆佰玖拾玖元整');
  act(() => engine().setValue('deposit', 3000));
  await waitFor(() => expect(engine().record.balance).toBe(501));
  // The 合计 row: the quantity and amount columns (summaryField).
  expect(container.querySelector('[data-summary="quantity"]')?.textContent).toBe('5');
  expect(container.querySelector('[data-summary="amount"]')?.textContent).toBe('2,499.00');
  expect(container.querySelector('[data-summary="item_name"]')?.textContent).toBe('');
  // Deleting a row (after its confirmation) recomputes everything.
  act(() => engine().removeRow('charge_items', 0));
  await waitFor(() => expect(engine().record.total_charge).toBe(30));
  expect(container.querySelector('[data-summary="amount"]')?.textContent).toBe('30.00');
});

test('AMT: a numInput with isAmountChinese shows thousands separators and the core\'s Chinese capitals', async () => {
  const { container } = renderForm();
  await waitFor(() => expect(engine().ready).toBe(true));
  act(() => engine().setValue('deposit', 1234567.5));
  const deposit = container.querySelector('[data-field="deposit"]') as HTMLElement;
  await waitFor(() => expect(deposit.textContent).toContain('壹佰贰拾叁万肆仟伍佰陆拾柒元伍角'));
  expect((deposit.querySelector('input') as HTMLInputElement).value).toBe('1,234,567.50');
});

test('WGT-083, WGT-086: an emptied required cell shows 不能为空 in the cell on change', async () => {
  const { container } = renderForm();
  await waitFor(() => expect(engine().ready).toBe(true));
  act(() => engine().addRow('charge_items'));
  act(() => engine().setCell('charge_items', 0, 'item_name', ''));
  await waitFor(() => expect(messagesFor(container, 'charge_items[0].item_name')).toBe('不能为空'));
});

test('the record vectors: the browser engine accepts or refuses each record exactly as the core says', async () => {
  const vectors = JSON.parse(fs.readFileSync(path.join(root, 'fixtures/vectors/record.json'), 'utf8')) as {
    cases: { id: string; function?: string; args: [FormDefinition | string, FormRecord | string, string?]; expect: Record<string, unknown> }[];
  };
  const usable = vectors.cases.filter((c) => typeof c.args[1] === 'object' && c.args[1] !== null && readFormData(c.args[0]));
  const texts = (m: unknown) =>
    Object.fromEntries(Object.entries(m as Record<string, { key: string; text: string }[]>).map(([k, list]) => [k, list.map((x) => `${x.key}:${x.text}`)]));
  expect(usable.length).toBeGreaterThan(50);
  for (const vector of usable) {
    const definition = readFormData(vector.args[0]) as FormDefinition;
    const hook = renderHook(() => useFormEngine(definition, vector.args[1] as FormRecord));
    await waitFor(() => expect(hook.result.current.ready).toBe(true));
    let found: unknown;
    if (vector.function === 'FormValidator.validateField') {
      // One field as the user leaves it: the messages the form then shows.
      act(() => hook.result.current.check(vector.args[2] as string));
      found = hook.result.current.messages;
    } else {
      await act(async () => {
        found = await hook.result.current.validate();
      });
    }
    // Keys and texts as the vector says (params may be left out there).
    expect([vector.id, texts(found)]).toEqual([vector.id, texts(vector.expect)]);
    hook.unmount();
  }
});

test('recordForSave leaves out what the server fills (system fields, the serial number)', () => {
  const saved = recordForSave(form, { patient_name: '张三', admission_no: 'ZY001', creator_name: 'x', registered_at: 1, deposit: 1 });
  expect(saved).toEqual({ patient_name: '张三', deposit: 1 });
});

test('VIEW-001 (spec 02 §2.11): the detail viewer shows display values read-only in the form\'s layout', async () => {
  const record: FormRecord = {
    patient_name: '张三',
    gender: '1',
    native_place: ['11', '1101'],
    deposit: 3000,
    charge_items: [
      { item_name: '血常规', unit_price: 25, quantity: 2, amount: 50 },
      { item_name: '床位费', unit_price: 80, quantity: 1, amount: 80 },
    ],
    medical_history: '<p>高血压<img src=x onerror="alert(1)"></p><script>alert(2)</script>',
    outpatient_record: 'MZ0001',
    outpatient_record_id: 'r1',
    outpatient_record_diagnosis: '上呼吸道感染',
  };
  const { container } = renderInApp(<DetailViewer formData={demo.formData} record={record} />);
  await waitFor(() => expect(container.querySelector('[data-field="deposit"]')?.textContent).toContain('叁仟元整'));
  expect(container.querySelector('input:not([readonly]):not([disabled])')).toBeNull();
  const shown = (name: string) => container.querySelector(`[data-field="${name}"] .qm-engine-value`)?.textContent;
  expect(shown('patient_name')).toBe('张三');
  const gender = form.fields.flatMap((f) => f.__config__.children ?? []).find((f) => f.__vModel__ === 'gender') as Field;
  const label = (gender.options as { id: string; fullName: string }[]).find((o) => o.id === '1')?.fullName as string;
  expect(shown('gender')).toBe(label);
  expect(shown('native_place')).toBe('北京市/市辖区');
  expect(container.querySelector('[data-field="deposit"]')?.textContent).toContain('3,000.00');
  expect(container.querySelector('[data-table="charge_items"]')?.textContent).toContain('床位费');
  expect(container.querySelector('[data-summary="amount"]')?.textContent).toBe('130.00');
  // Editor HTML without scripts or handlers.
  const html = container.querySelector('[data-field="medical_history"] .qm-engine-html') as HTMLElement;
  expect(html.textContent).toContain('高血压');
  expect(html.innerHTML).not.toMatch(/onerror|script/);
  // The related form's text, and its attr field from `<source>_<showField>`.
  expect(shown('outpatient_record')).toBe('MZ0001');
  expect((container.querySelector('[data-jnpf-key="relationFormAttr"] input') as HTMLInputElement).value).toBe('上呼吸道感染');
});

test('WGT-082: deleting a sub-table row asks 此操作将永久删除该数据 (提示, warning); cancelling keeps it', async () => {
  const { container } = renderForm();
  await waitFor(() => expect(engine().ready).toBe(true));
  act(() => engine().addRow('charge_items'));
  act(() => engine().setCell('charge_items', 0, 'item_name', '血常规'));
  fireEvent.click(buttonNamed('删除第1行'));
  await waitFor(() => expect(confirmation().textContent).toContain('此操作将永久删除该数据, 是否继续?'));
  expect(confirmation().classList.contains('ant-modal-confirm-warning')).toBe(true);
  expect(confirmation().textContent).toContain('提示');
  fireEvent.click(buttonNamed('取消', confirmation()));
  expect((engine().record.charge_items as FormRecord[]).length).toBe(1);
  fireEvent.click(buttonNamed('删除第1行'));
  await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBeGreaterThan(0));
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect((engine().record.charge_items as FormRecord[]).length).toBe(0));
  expect(container.querySelector('[data-cell="charge_items[0].item_name"]')).toBeNull();
});

function PopupHarness({ kind, onSubmit }: { kind: PopupType; onSubmit(r: FormRecord): Promise<unknown> }) {
  const e = useFormEngine(form);
  useKeptEngine(e);
  return <FormPopup open title="住院登记" popupType={kind} engine={e} onClose={() => undefined} onSubmit={onSubmit} />;
}

function renderPopup(kind: PopupType, onSubmit: (r: FormRecord) => Promise<unknown>) {
  return renderInApp(<PopupHarness kind={kind} onSubmit={onSubmit} />);
}

test('VIEW-002, VIEW-004: general opens a dialog of generalWidth, drawer a side drawer; 确定 submits only a record the core passes, and the server\'s messages land under the fields', async () => {
  const submit = jest.fn(async () => {
    throw { code: 400, msg: '数据校验失败', data: { patient_name: ['患者姓名已存在'] } };
  });
  const view = renderPopup('general', submit);
  await waitFor(() => expect(engine().ready).toBe(true));
  const dialog = document.querySelector('.qm-engine-general') as HTMLElement;
  expect(dialog).not.toBeNull();
  expect(dialog.style.width || getComputedStyle(dialog).width).toBe('600px');
  fireEvent.click(buttonNamed('确定'));
  await waitFor(() => expect(document.querySelector('[data-messages-for="gender"]')?.textContent).toBe('性别不能为空'));
  expect(submit).not.toHaveBeenCalled();
  // Fill what the core requires, then the server refuses one field.
  act(() => {
    const e = engine();
    e.setValue('patient_name', '张三');
    e.setValue('gender', '1');
    e.setValue('admit_dept', 'd1');
    e.setValue('attending_doctor', 'u1');
    e.setValue('admit_time', 1_700_000_000_000);
    e.setValue('diagnosis', 'J06');
    e.setValue('chief_complaint', '发热');
    e.setValue('deposit', 1000);
  });
  fireEvent.click(buttonNamed('确定'));
  await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(document.querySelector('[data-messages-for="patient_name"]')?.textContent).toBe('患者姓名已存在'));
  view.unmount();

  renderPopup('drawer', submit);
  await waitFor(() => expect(document.querySelector('.qm-engine-drawer .ant-drawer-content-wrapper')).not.toBeNull());
});

test('VIEW-003, VIEW-005, VIEW-007: fullScreen fills the window with 返回; the detail popup has 取消 and 打印, which a preview answers with a warning', async () => {
  const closed = jest.fn();
  renderInApp(<DetailPopup open popupType="fullScreen" title="住院登记" formData={{ ...form, hasPrintBtn: true }} record={{ patient_name: '张三' }} onClose={closed} />);
  await waitFor(() => expect(document.querySelector('.qm-engine-fullscreen')).not.toBeNull());
  expect(document.querySelector('.qm-engine-fullscreen .qm-engine-detail')).not.toBeNull();
  fireEvent.click(buttonNamed('打印'));
  await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('功能预览不支持打印'));
  fireEvent.click(buttonNamed('返回'));
  expect(closed).toHaveBeenCalledTimes(1);
  fireEvent.click(buttonNamed('取消'));
  expect(closed).toHaveBeenCalledTimes(2);
});

test('linkage: changing 入院科室 empties the ward (options bound to it) and the doctor (limited by it); changing the ward empties the bed popup', async () => {
  renderForm();
  await waitFor(() => expect(engine().ready).toBe(true));
  act(() => {
    engine().setValue('admit_dept', 'd1');
    engine().setValue('ward', 'w1');
    engine().setValue('bed', 'b1');
    engine().setValue('attending_doctor', 'u1');
    engine().setValue('patient_name', '张三');
  });
  expect(engine().record).toMatchObject({ ward: 'w1', bed: 'b1', attending_doctor: 'u1' });
  act(() => engine().setValue('ward', 'w2'));
  expect(engine().record).toMatchObject({ ward: 'w2', bed: '', attending_doctor: 'u1' });
  act(() => engine().setValue('admit_dept', 'd2'));
  expect(engine().record).toMatchObject({ ward: '', attending_doctor: '', patient_name: '张三' });
});

test('VIEW-010: with form permission, a field not granted is neither shown nor checked (sub-table columns asked as table-column)', async () => {
  const granted = new Set(['patient_name', 'charge_items', 'charge_items-item_name', 'charge_items-quantity']);
  const limited = restrictForm(form, (name) => granted.has(name));
  const { container } = renderForm(limited);
  await waitFor(() => expect(engine().ready).toBe(true));
  expect(container.querySelector('[data-field="patient_name"]')).not.toBeNull();
  expect(container.querySelector('[data-field="gender"]')).toBeNull();
  expect(container.querySelector('[data-field="deposit"]')).toBeNull();
  const table = container.querySelector('[data-table="charge_items"]') as HTMLElement;
  expect(table.textContent).toContain('项目名称');
  expect(table.textContent).not.toContain('单价');
  let found: Record<string, unknown> = {};
  await act(async () => {
    found = await engine().validate();
  });
  expect(Object.keys(found)).toEqual(['patient_name']);
});

test('WGT-081: a sub-table with addType 1 adds rows by picking from its data interface, mapped by relationOptions', async () => {
  const purchase = JSON.parse(fs.readFileSync(path.join(root, 'fixtures/models/jnpf-purchase-tables.json'), 'utf8'));
  const definition = readFormData(purchase.formData) as FormDefinition;
  const listed: unknown[] = [];
  fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [] }),
    'POST /api/system/DataInterface/{id}/Actions/Preview': () => [],
    'POST /api/system/DataInterface/{id}/Action/List': ({ params, body }) => {
      listed.push({ id: params.id, body });
      return { list: [{ id: 'g1', goodsName: '打印纸' }, { id: 'g2', goodsName: '墨盒' }], pagination: { currentPage: 1, pageSize: 20, total: 2 } };
    },
  });
  const { container } = renderForm(definition);
  await waitFor(() => expect(engine().ready).toBe(true));
  act(() => engine().setValue('F_DepartmentId', 'dep-7'));
  const table = container.querySelector('[data-table="tableField107"]') as HTMLElement;
  fireEvent.click(buttonNamed('添加', table));
  await waitFor(() => expect(document.querySelector('.qm-engine-popup')?.textContent).toContain('墨盒'));
  const popup = document.querySelector('.qm-engine-popup') as HTMLElement;
  popup.querySelectorAll<HTMLInputElement>('.ant-table-tbody input[type=checkbox]').forEach((box) => fireEvent.click(box));
  fireEvent.click(buttonNamed('确定', popup.closest('.ant-modal') as HTMLElement));
  await waitFor(() => expect((engine().record.tableField107 as FormRecord[]).map((r) => r.F_GoodsName)).toEqual(['打印纸', '墨盒']));
  // The interface was asked with the bound department as its parameter.
  expect(listed[0]).toMatchObject({ id: '325449144728584604', body: { paramList: [{ field: 'dept', defaultValue: 'dep-7' }] } });
});

test('VIEW-011: fields the core says are not shown on pc (noShow, app-only visibility) are not drawn, in the form and in the viewer', async () => {
  const fields = JSON.parse(JSON.stringify(form.fields)) as Field[];
  const row = fields.find((f) => f.__config__.jnpfKey === 'row') as Field;
  const name = (row.__config__.children as Field[]).find((f) => f.__vModel__ === 'patient_name') as Field;
  name.__config__.noShow = true;
  const card = fields.find((f) => f.__config__.jnpfKey === 'card') as Field;
  const phone = (card.__config__.children as Field[]).find((f) => f.__vModel__ === 'phone') as Field;
  phone.__config__.visibility = ['app'];
  const definition = { ...form, fields };
  const { container } = renderForm(definition);
  await waitFor(() => expect(engine().ready).toBe(true));
  await waitFor(() => expect(container.querySelector('[data-field="id_card"]')).not.toBeNull());
  expect(container.querySelector('[data-field="patient_name"]')).toBeNull();
  expect(container.querySelector('[data-field="phone"]')).toBeNull();
  const viewer = render(<DetailViewer formData={definition} record={{ patient_name: '张三', phone: '13800138000', id_card: 'x' }} />);
  await waitFor(() => expect(viewer.container.querySelector('[data-field="id_card"]')).not.toBeNull());
  expect(viewer.container.querySelector('[data-field="patient_name"]')).toBeNull();
  expect(viewer.container.querySelector('[data-field="phone"]')).toBeNull();
});

test('WGT-061, WGT-064, WGT-066: relationForm picks a record of the related model (FieldDataSelect); its attr field shows and keeps the chosen record\'s field', async () => {
  const asked: Call[] = [];
  fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [] }),
    'POST /api/system/DataInterface/{id}/Actions/Preview': () => [],
    'GET /api/visualdev/Base/{id}/FieldDataSelect': (call) => {
      asked.push(call);
      return { list: [{ id: 'r1', visit_no: 'MZ0001', visit_date: '2026-11-01', diagnosis: '上呼吸道感染' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } };
    },
  });
  const { container } = renderForm();
  await waitFor(() => expect(engine().ready).toBe(true));
  fireEvent.click(container.querySelector('[data-field="outpatient_record"] .ant-select') as HTMLElement);
  await waitFor(() => expect(document.querySelector('.qm-engine-popup')?.textContent).toContain('MZ0001'));
  expect(asked[0]).toMatchObject({ path: '/api/visualdev/Base/325449144728584401/FieldDataSelect', query: { relationField: 'visit_no', columnOptions: 'visit_no,visit_date', currentPage: '1', pageSize: '20' } });
  const popup = document.querySelector('.qm-engine-popup') as HTMLElement;
  fireEvent.click(popup.querySelector('.ant-table-tbody input[type=radio]') as HTMLElement);
  fireEvent.click(buttonNamed('确定', popup.closest('.ant-modal') as HTMLElement));
  await waitFor(() => expect(engine().record.outpatient_record).toBe('r1'));
  expect(container.querySelector('[data-field="outpatient_record"]')?.textContent).toContain('MZ0001');
  await waitFor(() => expect(engine().record.outpatient_diagnosis).toBe('上呼吸道感染'));
  const attr = container.querySelector('[data-jnpf-key="relationFormAttr"] input') as HTMLInputElement;
  expect(attr.value).toBe('上呼吸道感染');
  // WGT-066: display-only — read-only, and typing changes nothing.
  expect(attr.readOnly).toBe(true);
  fireEvent.change(attr, { target: { value: '别的' } });
  expect(engine().record.outpatient_diagnosis).toBe('上呼吸道感染');
});

test('WGT-044, WGT-046, WGT-050, WGT-066: popupSelect lists its interface with the popup query and the bound parameter; the pick keeps row[propsValue], shows row[relationField], and popupAttr shows the row', async () => {
  const asked: Call[] = [];
  fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [] }),
    'POST /api/system/DataInterface/{id}/Actions/Preview': () => [{ wardId: 'w1', wardName: '一病区' }],
    'POST /api/system/DataInterface/{id}/Action/List': (call) => {
      asked.push(call);
      return { list: [{ bedId: 'b7', bedNo: '07床', roomName: '301室' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } };
    },
  });
  const { container } = renderForm();
  await waitFor(() => expect(engine().ready).toBe(true));
  act(() => engine().setValue('ward', 'w1'));
  fireEvent.click(container.querySelector('[data-field="bed"] .ant-select') as HTMLElement);
  await waitFor(() => expect(document.querySelector('.qm-engine-popup')?.textContent).toContain('07床'));
  expect(asked[0]).toMatchObject({
    path: '/api/system/DataInterface/325449144728584302/Action/List',
    body: { keyword: '', currentPage: 1, pageSize: 20, propsValue: 'bedId', relationField: 'bedNo', columnOptions: 'bedNo,roomName', paramList: [{ field: 'wardId', defaultValue: 'w1' }] },
  });
  const popup = document.querySelector('.qm-engine-popup') as HTMLElement;
  // Confirming with nothing chosen does nothing: the dialog stays, the value too.
  fireEvent.click(buttonNamed('确定', popup.closest('.ant-modal') as HTMLElement));
  expect(document.querySelector('.qm-engine-popup')).not.toBeNull();
  expect(engine().record.bed).toBe('');
  // A keyword searched with Enter asks again from page 1.
  const keyword = popup.querySelector('.qm-engine-popup-search input') as HTMLInputElement;
  fireEvent.change(keyword, { target: { value: '07' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(asked).toHaveLength(2));
  expect(asked[1].body).toMatchObject({ keyword: '07', currentPage: 1 });
  await waitFor(() => expect(popup.querySelector('.ant-table-tbody input[type=radio]')).not.toBeNull());
  fireEvent.click(popup.querySelector('.ant-table-tbody input[type=radio]') as HTMLElement);
  fireEvent.click(buttonNamed('确定', popup.closest('.ant-modal') as HTMLElement));
  await waitFor(() => expect(engine().record.bed).toBe('b7'));
  expect(container.querySelector('[data-field="bed"]')?.textContent).toContain('07床');
  const attr = container.querySelector('[data-jnpf-key="popupAttr"] input') as HTMLInputElement;
  expect(attr.value).toBe('301室');
  // WGT-066: display-only.
  expect(attr.readOnly).toBe(true);
});

test('WGT-047: a popup without paging asks for 100000 rows at once; a failed list call stops loading and leaves the list as it was', async () => {
  const asked: Call[] = [];
  fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [] }),
    'POST /api/system/DataInterface/{id}/Actions/Preview': () => [],
    'POST /api/system/DataInterface/{id}/Action/List': (call) => {
      asked.push(call);
      if (asked.length > 1) return envelope(500, '接口调用失败');
      return { list: [{ bedId: 'b7', bedNo: '07床', roomName: '301室' }], pagination: { currentPage: 1, pageSize: 100000, total: 1 } };
    },
  });
  const fields = JSON.parse(JSON.stringify(form.fields)) as Field[];
  walkFields(fields, (f) => {
    if (f.__vModel__ === 'bed') f.hasPage = false;
  });
  const { container } = renderForm({ ...form, fields });
  await waitFor(() => expect(engine().ready).toBe(true));
  fireEvent.click(container.querySelector('[data-field="bed"] .ant-select') as HTMLElement);
  await waitFor(() => expect(document.querySelector('.qm-engine-popup')?.textContent).toContain('07床'));
  expect(asked[0].body).toMatchObject({ currentPage: 1, pageSize: 100000 });
  const popup = document.querySelector('.qm-engine-popup') as HTMLElement;
  const keyword = popup.querySelector('.qm-engine-popup-search input') as HTMLInputElement;
  fireEvent.change(keyword, { target: { value: '08' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(asked).toHaveLength(2));
  await waitFor(() => expect(popup.querySelector('.ant-spin-spinning')).toBeNull());
  expect(popup.textContent).toContain('07床');
});

test('WGT-113: the autoComplete asks its interface for 50 suggestions with the typed text as the @keyword parameter', async () => {
  const asked: Call[] = [];
  fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [] }),
    'POST /api/system/DataInterface/{id}/Actions/Preview': () => [],
    'POST /api/system/DataInterface/{id}/Action/List': (call) => {
      asked.push(call);
      return { list: [{ drugName: '阿莫西林' }, { drugName: '阿莫西林' }, { drugName: '阿司匹林' }], pagination: { currentPage: 1, pageSize: 50, total: 3 } };
    },
  });
  const fields = JSON.parse(JSON.stringify(form.fields)) as Field[];
  let medication: Field | undefined;
  walkFields(fields, (f) => {
    if (f.__vModel__ === 'current_medication') medication = f;
  });
  const { container } = renderForm({ formRef: 'elForm', fields: [medication as Field] } as FormDefinition);
  await waitFor(() => expect(engine().ready).toBe(true));
  const input = container.querySelector('[data-field="current_medication"] input') as HTMLInputElement;
  fireEvent.change(input, { target: { value: '阿' } });
  await waitFor(() => expect(asked).toHaveLength(1));
  expect(asked[0]).toMatchObject({ path: '/api/system/DataInterface/325449144728584304/Action/List', body: { keyword: '阿', currentPage: 1, pageSize: 50, relationField: 'drugName' } });
  expect((asked[0].body as { paramList: { defaultValue: string }[] }).paramList[0].defaultValue).toBe('阿');
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(2));
});

test.each(['jnpf-drug-receipt.json', 'jnpf-purchase-tables.json', 'jnpf-feedback-form.json'])('the JNPF definition %s renders unchanged: every widget drawn, none unknown', async (file) => {
  const definition = readFormData(JSON.parse(fs.readFileSync(path.join(root, 'fixtures/models', file), 'utf8')).formData) as FormDefinition;
  const { container } = renderForm(definition);
  await waitFor(() => expect(engine().ready).toBe(true));
  await waitFor(() => expect(container.querySelector('.qm-engine-form')).not.toBeNull());
  const { top } = widgets(definition);
  expect(top.length).toBeGreaterThan(3);
  const missing = top.filter((f) => !container.querySelector(f.__vModel__ ? `[data-field="${f.__vModel__}"]` : `[data-jnpf-key="${f.__config__.jnpfKey}"]`));
  expect(missing.map((f) => `${f.__config__.jnpfKey} ${f.__vModel__ ?? ''}`)).toEqual([]);
  expect(container.textContent).not.toMatch(/暂不支持的控件/);
});

test('WGT-089, WGT-090: the date picker offers nothing after today when its end is "now", the time picker no hour outside 07:00–11:00; a value outside gets the core\'s message', async () => {
  const limited: FormDefinition = {
    ...form,
    fields: [
      { __vModel__: 'seen_on', format: 'yyyy-MM-dd', __config__: { jnpfKey: 'date', label: '就诊日期', endTimeRule: true, endTimeType: 3 } },
      {
        __vModel__: 'round_at',
        format: 'HH:mm:ss',
        __config__: { jnpfKey: 'time', label: '查房时间', startTimeRule: true, startTimeType: 1, startTimeValue: '07:00:00', endTimeRule: true, endTimeType: 1, endTimeValue: '11:00:00' },
      },
    ] as Field[],
  };
  const { container } = renderForm(limited);
  await waitFor(() => expect(engine().ready).toBe(true));
  // The core's days are China's (UTC+8), whatever zone the test machine is in.
  const day = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const today = new Date();
  const tomorrow = new Date(today.getTime() + 86_400_000);
  fireEvent.mouseDown(container.querySelector('#field-seen_on') as HTMLElement);
  fireEvent.click(container.querySelector('#field-seen_on') as HTMLElement);
  await waitFor(() => expect(document.querySelector('td.ant-picker-cell')).not.toBeNull());
  // Either day may lie on the next month's panel; each one shown is checked.
  const shown = (d: Date) => document.querySelector(`td[title="${day(d)}"]`);
  expect(shown(today) ?? shown(tomorrow)).not.toBeNull();
  if (shown(today)) expect(shown(today)?.className).not.toContain('ant-picker-cell-disabled');
  if (shown(tomorrow)) expect(shown(tomorrow)?.className).toContain('ant-picker-cell-disabled');

  fireEvent.mouseDown(container.querySelector('#field-round_at') as HTMLElement);
  fireEvent.click(container.querySelector('#field-round_at') as HTMLElement);
  await waitFor(() => expect(document.querySelectorAll('.ant-picker-time-panel-column').length).toBeGreaterThan(0));
  const hours = Array.from(document.querySelector('.ant-picker-time-panel-column')?.querySelectorAll('li') ?? []);
  const disabled = hours.filter((li) => li.className.includes('disabled')).map((li) => li.textContent);
  expect(disabled).toEqual(['00', '01', '02', '03', '04', '05', '06', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23']);

  act(() => engine().setValue('seen_on', tomorrow.getTime()));
  await waitFor(() => expect(messagesFor(container, 'seen_on')).toBe(`就诊日期不能晚于${day(today)}`));
  act(() => engine().setValue('round_at', '06:30:00'));
  await waitFor(() => expect(messagesFor(container, 'round_at')).toBe('查房时间不能早于07:00:00'));
});

test('WGT-023: a dep user picker tied to another field (主治医师 → 入院科室) offers the users of the department chosen there', async () => {
  const calls = fakeFetch({
    'POST /api/permission/Users/UserCondition': () => ({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } }),
    'POST /api/permission/Organize/Department/Selector/0': () => ({ list: [] }),
    'GET /api/permission/Organize/Department/Selector/0': () => ({ list: [] }),
  });
  const doctor: Field[] = [];
  walkFields(form.fields, (f) => f.__vModel__ === 'attending_doctor' && doctor.push(f));
  expect(doctor[0].relationField).toBe('admit_dept');
  const { container } = renderForm({ ...form, fields: doctor }, { admit_dept: 'dept-nk', attending_doctor: '' });
  await waitFor(() => expect(engine().ready).toBe(true), { timeout: 30_000 });
  openPickerIn(container.querySelector('[data-field="attending_doctor"]') as HTMLElement);
  await waitFor(() => expect(calls.some((c) => c.path.endsWith('/UserCondition'))).toBe(true));
  expect((calls.find((c) => c.path.endsWith('/UserCondition'))?.body as { departIds: string[] }).departIds).toEqual(['dept-nk']);
});

test('relationForm: a kept value shows its related record\'s text, read with that model\'s DataChange, and relationFormAttr its field', async () => {
  const calls = fakeFetch({
    'GET /api/visualdev/OnlineDev/{modelId}/{id}/DataChange': ({ params }) => ({ id: params.id, data: JSON.stringify({ id: params.id, visit_no: 'MZ-0001', diagnosis: '上呼吸道感染' }) }),
  });
  const related: Field[] = [];
  walkFields(form.fields, (f) => ['outpatient_record', 'outpatient_diagnosis'].includes(String(f.__vModel__)) && related.push(f));
  expect(related).toHaveLength(2);
  const { container } = renderForm({ ...form, fields: related }, { outpatient_record: 'visit-1' });
  await waitFor(() => expect(container.querySelector('[data-field="outpatient_record"]')?.textContent).toContain('MZ-0001'));
  expect(calls[0].path).toBe(`/api/visualdev/OnlineDev/${String(related[0].modelId)}/visit-1/DataChange`);
  await waitFor(() => expect((container.querySelector('[data-attr-of="outpatient_record"]') as HTMLInputElement)?.value).toBe('上呼吸道感染'));
});

// The generic popup select (spec 02 §2.2, §3, §4.4, §7.1, §9) on a field with none of the
// optional settings: the defaults are the ones checked.
const SUPPLIERS = Array.from({ length: 45 }, (_, i) => ({ id: `s${i + 1}`, fullName: `供应商${i + 1}`, code: `C${String(i + 1).padStart(2, '0')}` }));
function supplierField(extra: Record<string, unknown> = {}): FormDefinition {
  const field = {
    __vModel__: 'supplier',
    interfaceId: 'if-1',
    hasPage: true,
    columnOptions: [
      { value: 'fullName', label: '名称' },
      { value: 'code', label: '编码' },
    ],
    templateJson: [],
    __config__: { jnpfKey: 'popupSelect', label: '供应商' },
    ...extra,
  };
  return { formRef: 'elForm', fields: [field] } as unknown as FormDefinition;
}
function supplierServer() {
  const listed: Call[] = [];
  const byIds: Call[] = [];
  fakeFetch({
    'POST /api/system/DataInterface/{id}/Action/List': (call) => {
      listed.push(call);
      const { keyword, currentPage, pageSize } = call.body as { keyword: string; currentPage: number; pageSize: number };
      const rows = SUPPLIERS.filter((r) => !keyword || r.code.includes(keyword));
      return { list: rows.slice((currentPage - 1) * pageSize, currentPage * pageSize), pagination: { currentPage, pageSize, total: rows.length } };
    },
    'POST /api/system/DataInterface/{id}/Action/InfoByIds': (call) => {
      byIds.push(call);
      const ids = (call.body as { ids: string[] }).ids;
      return SUPPLIERS.filter((r) => ids.includes(r.id));
    },
  });
  return { listed, byIds };
}
const popupRows = (scope: HTMLElement) => [...scope.querySelectorAll('.ant-table-tbody tr.ant-table-row')];

test('WGT-037, WGT-038, WGT-039, WGT-040, WGT-041, WGT-048, WGT-049: a read-only field opens the 800px 选择数据 dialog: 关键词 (Enter), 查询, 重置, 刷新, radio + 序号 + the columns, 20 a page, 取消 and 确定; the pick keeps row.id and shows row.fullName', async () => {
  const { listed } = supplierServer();
  const { container } = renderForm(supplierField());
  await waitFor(() => expect(engine().ready).toBe(true));
  const input = container.querySelector('[data-field="supplier"] input') as HTMLInputElement;
  expect(input.readOnly).toBe(true);
  fireEvent.click(container.querySelector('[data-field="supplier"] .ant-select') as HTMLElement);
  await waitFor(() => expect(document.querySelector('.qm-engine-popup')?.textContent).toContain('供应商1'));
  const popup = document.querySelector('.qm-engine-popup') as HTMLElement;
  const modal = popup.closest('.ant-modal') as HTMLElement;
  expect(document.querySelector('.ant-drawer')).toBeNull();
  expect(modal.querySelector('.ant-modal-title')?.textContent).toBe('选择数据');
  expect(modal.style.width).toBe('800px');
  // WGT-049: the query, with the value and display keys' defaults (id, fullName).
  expect(listed[0]).toMatchObject({
    path: '/api/system/DataInterface/if-1/Action/List',
    body: { keyword: '', currentPage: 1, pageSize: 20, interfaceId: 'if-1', propsValue: 'id', relationField: 'fullName', columnOptions: 'fullName,code', paramList: [] },
  });
  // WGT-039: a radio column, 序号 and the configured columns.
  const heads = [...popup.querySelectorAll('.ant-table-thead th')];
  expect(heads[0].className).toContain('ant-table-selection-column');
  expect(heads.slice(1).map((h) => h.textContent)).toEqual(['序号', '名称', '编码']);
  expect(popupRows(popup)).toHaveLength(20);
  expect(popupRows(popup)[0].querySelector('input[type=radio]')).not.toBeNull();
  expect(popupRows(popup)[0].querySelector('input[type=checkbox]')).toBeNull();
  expect([...popupRows(popup)[0].querySelectorAll('td')].slice(1).map((td) => td.textContent)).toEqual(['1', '供应商1', 'C01']);
  // WGT-040, WGT-041: paging of 20 (45 rows: 3 pages); page 2 numbers on from 21.
  expect(popup.querySelectorAll('.ant-pagination-item')).toHaveLength(3);
  fireEvent.click(popup.querySelector('.ant-pagination-item-2') as HTMLElement);
  await waitFor(() => expect(listed).toHaveLength(2));
  expect(listed[1].body).toMatchObject({ currentPage: 2, pageSize: 20 });
  await waitFor(() => expect(popupRows(popup)[0]?.textContent).toContain('供应商21'));
  expect(popupRows(popup)[0].querySelectorAll('td')[1].textContent).toBe('21');
  // WGT-038: 关键词 on Enter and 查询 search from page 1; 重置 empties it; 刷新 asks again.
  const keyword = popup.querySelector('.qm-engine-popup-search input') as HTMLInputElement;
  expect(keyword.placeholder).toBe('关键词');
  fireEvent.change(keyword, { target: { value: 'C4' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(listed).toHaveLength(3));
  expect(listed[2].body).toMatchObject({ keyword: 'C4', currentPage: 1 });
  fireEvent.change(keyword, { target: { value: 'C1' } });
  fireEvent.click(buttonNamed('查询', popup));
  await waitFor(() => expect(listed).toHaveLength(4));
  expect(listed[3].body).toMatchObject({ keyword: 'C1', currentPage: 1 });
  await waitFor(() => expect(popupRows(popup).map((r) => r.querySelectorAll('td')[3].textContent)).toContain('C10'));
  fireEvent.click(buttonNamed('重置', popup));
  await waitFor(() => expect(listed).toHaveLength(5));
  expect(listed[4].body).toMatchObject({ keyword: '', currentPage: 1 });
  expect(keyword.value).toBe('');
  const refresh = buttonNamed('刷新', popup);
  expect(refresh.className).toContain('ant-btn-link');
  fireEvent.click(refresh);
  await waitFor(() => expect(listed).toHaveLength(6));
  expect(listed[5].body).toMatchObject({ keyword: '', currentPage: 1 });
  // 取消 closes without a value; 确定 keeps the chosen row's id and shows its fullName (WGT-048).
  fireEvent.click(buttonNamed('取消', modal));
  await waitFor(() => expect(document.querySelector('.qm-engine-popup')).toBeNull());
  expect(engine().record.supplier ?? '').toBe('');
  fireEvent.click(container.querySelector('[data-field="supplier"] .ant-select') as HTMLElement);
  await waitFor(() => expect(popupRows(document.querySelector('.qm-engine-popup') as HTMLElement)).toHaveLength(20));
  const again = document.querySelector('.qm-engine-popup') as HTMLElement;
  fireEvent.click(popupRows(again)[1].querySelector('input[type=radio]') as HTMLElement);
  fireEvent.click(buttonNamed('确定', again.closest('.ant-modal') as HTMLElement));
  await waitFor(() => expect(engine().record.supplier).toBe('s2'));
  expect(container.querySelector('[data-field="supplier"]')?.textContent).toContain('供应商2');
});

test('WGT-037, WGT-040, WGT-041: popupType drawer opens a drawer of popupWidth titled popupTitle, with 取消 and 确定; without paging it asks for 100000 rows and shows no pager', async () => {
  const { listed } = supplierServer();
  const { container } = renderForm(supplierField({ popupType: 'drawer', popupTitle: '选择供应商', popupWidth: '600px', hasPage: false }));
  await waitFor(() => expect(engine().ready).toBe(true));
  fireEvent.click(container.querySelector('[data-field="supplier"] .ant-select') as HTMLElement);
  await waitFor(() => expect(document.querySelector('.qm-engine-popup')?.textContent).toContain('供应商45'));
  const drawer = document.querySelector('.qm-engine-popup')?.closest('.ant-drawer') as HTMLElement;
  expect(drawer).not.toBeNull();
  expect(document.querySelector('.ant-modal')).toBeNull();
  expect(drawer.querySelector('.ant-drawer-title')?.textContent).toBe('选择供应商');
  expect((drawer.querySelector('.ant-drawer-content-wrapper') as HTMLElement).style.width).toBe('600px');
  expect(listed[0].body).toMatchObject({ currentPage: 1, pageSize: 100000 });
  expect(drawer.querySelector('.ant-pagination')).toBeNull();
  // 确定 with nothing chosen does nothing; 取消 closes.
  fireEvent.click(buttonNamed('确定', drawer));
  expect(document.querySelector('.qm-engine-popup')).not.toBeNull();
  fireEvent.click(buttonNamed('取消', drawer));
  await waitFor(() => expect(document.querySelector('.qm-engine-popup')).toBeNull());
  fireEvent.click(container.querySelector('[data-field="supplier"] .ant-select') as HTMLElement);
  await waitFor(() => expect(document.querySelector('.qm-engine-popup')?.textContent).toContain('供应商3'));
  const again = document.querySelector('.qm-engine-popup') as HTMLElement;
  fireEvent.click(popupRows(again)[2].querySelector('input[type=radio]') as HTMLElement);
  fireEvent.click(buttonNamed('确定', again.closest('.ant-drawer') as HTMLElement));
  await waitFor(() => expect(engine().record.supplier).toBe('s3'));
});

test('WGT-051: a kept popup value is named by InfoByIds with ids, interfaceId, propsValue, relationField and paramList; the answer is an array of rows', async () => {
  const { byIds } = supplierServer();
  const { container } = renderForm(supplierField(), { supplier: 's7' });
  await waitFor(() => expect(container.querySelector('[data-field="supplier"]')?.textContent).toContain('供应商7'));
  expect(byIds).toHaveLength(1);
  expect(byIds[0]).toMatchObject({ path: '/api/system/DataInterface/if-1/Action/InfoByIds' });
  expect(byIds[0].body).toEqual({ ids: ['s7'], interfaceId: 'if-1', propsValue: 'id', relationField: 'fullName', paramList: [] });
  expect(engine().record.supplier).toBe('s7');
});

// Related-form records (spec 02 §2.4, §3, §7.1; spec 01 §2.11, §4): the related model's
// definition (Config) and record (DataChange) as a fake server answers them.
const VISIT_FORM = {
  formRef: 'elForm',
  fields: [
    { __vModel__: 'visit_no', __config__: { jnpfKey: 'comInput', label: '门诊号' } },
    { __vModel__: 'diagnosis', __config__: { jnpfKey: 'comInput', label: '诊断' } },
    { __vModel__: 'referral', modelId: 'm-referral', relationField: 'ref_no', __config__: { jnpfKey: 'relationForm', label: '转诊单' } },
  ],
};
const REFERRAL_FORM = { formRef: 'elForm', fields: [{ __vModel__: 'ref_no', __config__: { jnpfKey: 'comInput', label: '转诊单号' } }] };
function relatedServer(gate?: Promise<void>) {
  return fakeFetch({
    'GET /api/visualdev/OnlineDev/{modelId}/Config': async ({ params }) => {
      await gate;
      return params.modelId === 'm-referral'
        ? { id: 'm-referral', fullName: '转诊单', formData: JSON.stringify(REFERRAL_FORM), columnData: '{}' }
        : { id: params.modelId, fullName: '门诊记录', formData: JSON.stringify(VISIT_FORM), columnData: '{}' };
    },
    'GET /api/visualdev/OnlineDev/{modelId}/{id}/DataChange': async ({ params }) => {
      await gate;
      return params.modelId === 'm-referral'
        ? { id: params.id, data: JSON.stringify({ id: params.id, ref_no: 'ZZ-0009' }) }
        : { id: params.id, data: JSON.stringify({ id: params.id, visit_no: 'MZ-0001', diagnosis: '上呼吸道感染', referral: 'ZZ-0009', referral_id: 'ref-9' }) };
    },
  });
}
const detailModals = () => [...document.querySelectorAll('.ant-modal')].filter((m) => m.querySelector('.qm-engine-detail')) as HTMLElement[];

test('WGT-060, WGT-062, WGT-063, VIEW-008: a disabled relationForm with a value opens the linked record read-only: loading while Config (formData JSON text) and DataChange (data JSON text) load, then the detail', async () => {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((r) => (open = r));
  const related: Field[] = [];
  walkFields(form.fields, (f) => f.__vModel__ === 'outpatient_record' && related.push({ ...f, disabled: true }));
  const calls = relatedServer(gate);
  const { container } = renderForm({ ...form, fields: related }, { outpatient_record: 'visit-1' });
  await waitFor(() => expect(engine().ready).toBe(true));
  const modelId = String(related[0].modelId);
  fireEvent.click(container.querySelector('[data-field="outpatient_record"] .ant-select') as HTMLElement);
  // VIEW-008: loading first, nothing shown yet; no list to pick from.
  expect(document.querySelector('.qm-engine-related-loading')).not.toBeNull();
  expect(detailModals()).toHaveLength(0);
  expect(document.querySelector('.qm-engine-popup')).toBeNull();
  act(() => open());
  await waitFor(() => expect(detailModals()).toHaveLength(1));
  expect(document.querySelector('.qm-engine-related-loading')).toBeNull();
  const detail = detailModals()[0];
  expect(detail.querySelector('.ant-modal-title')?.textContent).toBe('详情 - 门诊记录');
  expect(detail.textContent).toContain('MZ-0001');
  expect(detail.textContent).toContain('上呼吸道感染');
  expect(detail.querySelector('.qm-engine-detail input, .qm-engine-detail textarea')).toBeNull();
  expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining([`/api/visualdev/OnlineDev/${modelId}/Config`, `/api/visualdev/OnlineDev/${modelId}/visit-1/DataChange`]));
  fireEvent.click(buttonNamed('取消', detail));
  await waitFor(() => expect(detailModals()).toHaveLength(0));
  expect(engine().record.outpatient_record).toBe('visit-1');
});

test('WGT-060: a disabled relationForm without a value opens nothing: neither the list nor a detail', async () => {
  const calls = relatedServer();
  const related: Field[] = [];
  walkFields(form.fields, (f) => f.__vModel__ === 'outpatient_record' && related.push({ ...f, disabled: true }));
  const { container } = renderForm({ ...form, fields: related }, { outpatient_record: '' });
  await waitFor(() => expect(engine().ready).toBe(true));
  fireEvent.click(container.querySelector('[data-field="outpatient_record"] .ant-select') as HTMLElement);
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(document.querySelector('.qm-engine-related-loading')).toBeNull();
  expect(detailModals()).toHaveLength(0);
  expect(calls).toHaveLength(0);
});

test('VIEW-006, WGT-065: in a detail view a relation field shows its text (name) as a link to the record whose id is kept under name_id; a nested link opens another detail view', async () => {
  const calls = relatedServer();
  renderInApp(
    <DetailViewer
      formData={{ formRef: 'elForm', fields: [{ __vModel__: 'visit', modelId: 'm-visit', relationField: 'visit_no', __config__: { jnpfKey: 'relationForm', label: '门诊记录' } }] } as unknown as FormDefinition}
      record={{ visit: 'MZ-0001', visit_id: 'visit-1' }}
    />,
  );
  await waitFor(() => expect(document.querySelector('.qm-engine-relation-link')?.textContent).toBe('MZ-0001'));
  fireEvent.click(document.querySelector('.qm-engine-relation-link') as HTMLElement);
  await waitFor(() => expect(detailModals()).toHaveLength(1));
  expect(calls.map((c) => c.path)).toEqual(['/api/visualdev/OnlineDev/m-visit/Config', '/api/visualdev/OnlineDev/m-visit/visit-1/DataChange']);
  const first = detailModals()[0];
  expect(first.textContent).toContain('上呼吸道感染');
  const nested = first.querySelector('.qm-engine-relation-link') as HTMLElement;
  expect(nested.textContent).toBe('ZZ-0009');
  fireEvent.click(nested);
  await waitFor(() => expect(detailModals()).toHaveLength(2));
  expect(calls.slice(2).map((c) => c.path)).toEqual(['/api/visualdev/OnlineDev/m-referral/Config', '/api/visualdev/OnlineDev/m-referral/ref-9/DataChange']);
  const second = detailModals().find((m) => m !== first) as HTMLElement;
  expect(second.querySelector('.ant-modal-title')?.textContent).toBe('详情 - 转诊单');
  expect(second.textContent).toContain('ZZ-0009');
});

test('VIEW-009: with no record id the related detail closes at once, asking nothing', async () => {
  const calls = relatedServer();
  const onClose = jest.fn();
  renderInApp(<RelatedDetail modelId="m-visit" id="" onClose={onClose} />);
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(calls).toHaveLength(0);
  expect(document.querySelector('.qm-engine-related-loading')).toBeNull();
  expect(detailModals()).toHaveLength(0);
});

test('WGT-059: the related-form select uses the same list dialog or drawer (popupType drawer: 关键词, 序号, radio rows)', async () => {
  fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({ list: [] }),
    'GET /api/visualdev/Base/{id}/FieldDataSelect': () => ({ list: [{ id: 'r1', visit_no: 'MZ0001', visit_date: '2026-11-01' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }),
  });
  const related: Field[] = [];
  walkFields(form.fields, (f) => f.__vModel__ === 'outpatient_record' && related.push({ ...f, popupType: 'drawer', popupTitle: '选择门诊记录' }));
  const { container } = renderForm({ ...form, fields: related });
  await waitFor(() => expect(engine().ready).toBe(true));
  fireEvent.click(container.querySelector('[data-field="outpatient_record"] .ant-select') as HTMLElement);
  await waitFor(() => expect(document.querySelector('.qm-engine-popup')?.textContent).toContain('MZ0001'));
  const drawer = document.querySelector('.qm-engine-popup')?.closest('.ant-drawer') as HTMLElement;
  expect(drawer.querySelector('.ant-drawer-title')?.textContent).toBe('选择门诊记录');
  expect((drawer.querySelector('.qm-engine-popup-search input') as HTMLInputElement).placeholder).toBe('关键词');
  expect([...drawer.querySelectorAll('.ant-table-thead th')].map((h) => h.textContent)).toContain('序号');
  fireEvent.click(drawer.querySelector('.ant-table-tbody input[type=radio]') as HTMLElement);
  fireEvent.click(buttonNamed('确定', drawer));
  await waitFor(() => expect(engine().record.outpatient_record).toBe('r1'));
});
