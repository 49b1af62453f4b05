// 组织管理 against a fake Organize API, with the real rules core (WASM): the tree table searched
// by keyword and paged by its top-level rows (ORG-019), expand/collapse, the company and the
// department forms by the row's type (ORG-020), their parents from the organisation picker
// (顶级节点, ORG-002), the core's rules before the request, the server's refusal of a delete
// with children, and button permission (PERM-011).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as api from '@/api/organize';
import { initI18n } from '@/i18n';
import { buttonNamed, confirmation, formDialog, grant, openPickerIn, pickerDialog, renderPage, settle, stateSwitch } from '@/test/renderPage';
import OrganizePage from './OrganizePage';

jest.mock('@/api/organize');
const m = api as jest.Mocked<typeof api>;

const PATH = '/permission/organize';
const node = (id: string, fullName: string, type: string, children: api.OrganizeNode[] = []): api.OrganizeNode => ({
  id,
  parentId: '',
  fullName,
  enCode: id,
  type,
  icon: '',
  managerId: '',
  sortCode: 0,
  enabledMark: 1,
  creatorTime: 0,
  hasChildren: children.length > 0,
  children,
});
const TREE = [
  node('c1', '总院', 'company', [node('d1', '外科', 'department', [node('d11', '骨科', 'department')]), node('d2', '内科', 'department')]),
  ...Array.from({ length: 24 }, (_, i) => node(`x${i}`, `分院${i + 1}`, 'company')),
];
const selector = (id: string, fullName: string, type: string, path: string[], names: string[], children: api.SelectorNode[] = []): api.SelectorNode => ({
  id,
  parentId: path.length > 1 ? path[path.length - 2] : '-1',
  fullName,
  type,
  icon: '',
  organize: names.join('/'),
  organizeIds: path,
  lastFullName: null,
  disabled: false,
  hasChildren: children.length > 0,
  isLeaf: !children.length,
  children,
});
const COMPANIES = [selector('c1', '总院', 'company', ['c1'], ['总院'])];
const ALL = [selector('c1', '总院', 'company', ['c1'], ['总院'], [selector('d1', '外科', 'department', ['c1', 'd1'], ['总院', '外科'])])];

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  m.getOrganizeList.mockImplementation(async ({ keyword }) => ({
    code: 200,
    msg: '',
    data: { list: keyword ? TREE.filter((n) => n.fullName.includes(keyword)) : TREE },
  }));
  m.getCompanySelectorByAuth.mockResolvedValue({ code: 200, msg: '', data: { list: COMPANIES } });
  m.getDepartmentSelectorByAuth.mockResolvedValue({ code: 200, msg: '', data: { list: ALL } });
  m.getDepartmentSelector.mockResolvedValue({ code: 200, msg: '', data: { list: ALL } });
});

async function open(buttons = ['btn_add', 'btn_edit', 'btn_remove']) {
  grant(PATH, buttons);
  renderPage(OrganizePage, PATH);
  await screen.findByText('总院');
  await settle();
}

const button = (name: string | RegExp, scope?: ParentNode) => buttonNamed(name, scope);

async function pickIn(form: HTMLElement, title: string, nodeTitle: string) {
  openPickerIn(form);
  await settle();
  const chooser = pickerDialog();
  expect(within(chooser).getByText(title)).toBeTruthy();
  fireEvent.click(within(chooser).getByText(nodeTitle, { selector: '.ant-tree-title' }));
  fireEvent.click(button('确定', chooser));
  await settle();
}

test('ORG-019: the tree opened whole, its top-level rows paged by 20 (LIST-001); the keyword asks the server on Enter; collapse and expand all', async () => {
  await open();
  expect(m.getOrganizeList).toHaveBeenLastCalledWith({ keyword: '' });
  expect(screen.getByText('骨科')).toBeTruthy(); // opened whole
  expect(screen.getByText('共 25 条')).toBeTruthy();
  expect(screen.getByText('分院19')).toBeTruthy();
  expect(screen.queryByText('分院20')).toBeNull(); // on page 2
  expect(screen.getAllByText('公司').length).toBeGreaterThan(0);
  expect(screen.getAllByText('部门').length).toBe(3);

  fireEvent.click(button('折叠全部'));
  await settle();
  expect(screen.queryByText('骨科')).toBeNull();
  fireEvent.click(button('展开全部'));
  await settle();
  expect(screen.getByText('骨科')).toBeTruthy();

  const keyword = screen.getByLabelText('关键词');
  fireEvent.change(keyword, { target: { value: '分院2' } });
  fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(m.getOrganizeList).toHaveBeenLastCalledWith({ keyword: '分院2' }));
  await screen.findByText('共 6 条');
  fireEvent.click(button('重置'));
  await waitFor(() => expect(m.getOrganizeList).toHaveBeenLastCalledWith({ keyword: '' }));
});

test('PERM-011: without btn_add no 新建; without btn_edit no 编辑 and no state switch', async () => {
  await open(['btn_remove']);
  expect(() => button('新建')).toThrow('0 buttons');
  expect(() => button(/^编辑/)).toThrow('0 buttons');
  expect(document.querySelectorAll('.ant-table [role="switch"]')).toHaveLength(0);
  expect(button('删除 总院')).toBeTruthy();
});

test('ORG-002: a new company under 顶级节点 — the core refuses an empty form first, then it is sent with parentId -1', async () => {
  m.createCompany.mockResolvedValue({ code: 200, msg: '新建成功', data: null });
  await open();
  fireEvent.click(button('新建'));
  await settle();
  fireEvent.click(screen.getByText('新建公司', { selector: '.ant-dropdown-menu-title-content' }));
  await settle();
  const form = formDialog('qm-company-form');
  expect(within(form).getByText('新建公司')).toBeTruthy();
  fireEvent.click(button('确定', form));
  await settle();
  for (const text of ['上级公司不能为空', '请输入公司名称', '请输入公司编码']) expect(within(form).getByText(text)).toBeTruthy();
  fireEvent.change(within(form).getByLabelText('公司编码'), { target: { value: '.qm' } });
  await settle();
  expect(within(form).getByText('公司编码只能输入英文、数字和小数点且小数点不能放在首尾')).toBeTruthy();
  expect(m.createCompany).not.toHaveBeenCalled();

  await pickIn(form, '选择组织', '顶级节点');
  expect(m.getCompanySelectorByAuth).toHaveBeenCalledWith('0');
  fireEvent.change(within(form).getByLabelText('公司名称'), { target: { value: '启明医院' } });
  fireEvent.change(within(form).getByLabelText('公司编码'), { target: { value: 'qm' } });
  fireEvent.change(within(form).getByLabelText('公司简称'), { target: { value: '启明' } });
  fireEvent.click(button('确定', form));
  await screen.findByText('新建成功');
  expect(m.createCompany).toHaveBeenCalledWith(
    expect.objectContaining({ parentId: '-1', fullName: '启明医院', enCode: 'qm', enabledMark: 1, propertyJson: expect.objectContaining({ shortName: '启明' }) }),
  );
});

test('ORG-020: 编辑 on a department row opens the department form with its parent path; the update sends the last id', async () => {
  m.getDepartment.mockResolvedValue({
    code: 200,
    msg: '',
    data: { id: 'd2', parentId: 'c1', managerId: '', fullName: '内科', enCode: 'nk', sortCode: 0, enabledMark: 1, description: '', organizeIdTree: ['c1'] },
  });
  m.updateDepartment.mockResolvedValue({ code: 200, msg: '修改成功', data: null });
  await open();
  fireEvent.click(button('编辑 内科'));
  await screen.findByText('编辑部门');
  await settle();
  expect(m.getDepartment).toHaveBeenCalledWith('d2');
  const form = formDialog('qm-department-form');
  expect(within(form).getByText('总院')).toBeTruthy();
  fireEvent.change(within(form).getByLabelText('部门名称'), { target: { value: '内-科' } });
  await settle();
  expect(within(form).getByText('部门名称不能含有特殊符号')).toBeTruthy();
  fireEvent.change(within(form).getByLabelText('部门名称'), { target: { value: '大内科' } });
  await pickIn(form, '选择组织', '外科');
  expect(m.getDepartmentSelectorByAuth).toHaveBeenCalledWith('d2'); // the edited node and below are left out
  fireEvent.click(button('确定', form));
  await screen.findByText('修改成功');
  expect(m.updateDepartment).toHaveBeenCalledWith('d2', { parentId: 'd1', fullName: '大内科', enCode: 'nk', sortCode: 0, enabledMark: 1, description: '' });
});

test('编辑 on a company row opens the company form; a top company is offered only 顶级节点', async () => {
  m.getCompany.mockResolvedValue({
    code: 200,
    msg: '',
    data: { id: 'c1', parentId: '-1', fullName: '总院', enCode: 'zy', enabledMark: 1, sortCode: 0, description: '', organizeIdTree: ['-1'], propertyJson: '{"shortName":"总","fax":"123"}' },
  });
  m.updateCompany.mockResolvedValue({ code: 200, msg: '修改成功', data: null });
  await open();
  fireEvent.click(button('编辑 总院'));
  await screen.findByText('编辑公司');
  await settle();
  const form = formDialog('qm-company-form');
  expect(within(form).getByText('顶级节点')).toBeTruthy();
  expect((within(form).getByLabelText('公司简称') as HTMLInputElement).value).toBe('总');
  openPickerIn(form);
  await settle();
  const chooser = pickerDialog();
  expect(within(chooser).getAllByText(/./, { selector: '.ant-tree-title' }).map((n) => n.textContent)).toEqual(['顶级节点']);
  expect(m.getCompanySelectorByAuth).not.toHaveBeenCalled();
  fireEvent.click(button('取消', chooser));
  await settle();
  fireEvent.click(button('确定', form));
  await screen.findByText('修改成功');
  expect(m.updateCompany).toHaveBeenCalledWith('c1', expect.objectContaining({ parentId: '-1', fullName: '总院', propertyJson: expect.objectContaining({ shortName: '总', fax: '123' }) }));
});

test('ORG-019, CONST-003: deleting asks first; a refusal (children) leaves the tree as it was', async () => {
  m.deleteOrganize.mockRejectedValue({ code: 400, msg: '该组织下有下级组织，不能删除', data: null });
  await open();
  fireEvent.click(button('删除 总院'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  fireEvent.click(button('确定', confirmation()));
  await settle();
  expect(m.deleteOrganize).toHaveBeenCalledWith('c1');
  expect(screen.getByText('外科')).toBeTruthy();
});

test('CONST-002: the state switch of a department asks, then sends the other state to the department', async () => {
  m.updateDepartment.mockResolvedValue({ code: 200, msg: '修改成功', data: null });
  await open();
  fireEvent.click(stateSwitch('外科'));
  await screen.findByText('您确定要禁用当前组织, 是否继续?');
  fireEvent.click(button('确定', confirmation()));
  await screen.findByText('修改成功');
  expect(m.updateDepartment).toHaveBeenCalledWith('d1', { enabledMark: 0 });
  expect(m.updateCompany).not.toHaveBeenCalled();
});
