// 岗位管理 against a fake Position API, with the real rules core (WASM): the list of the node
// chosen on the left tree (ROLE-010), the form's organisation from the organisation picker and
// its type from the PositionType dictionary (sent by code), the core's position rules before
// the request, the server's per-field refusal after it, and button permission (PERM-011).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as api from '@/api/position';
import * as organize from '@/api/organize';
import { initI18n } from '@/i18n';
import { buttonNamed, confirmation, formDialog, grant, renderPage, settle } from '@/test/renderPage';
import PositionPage from './PositionPage';
import { ORG_TREE as TREE, answerDictionaries, membersRound } from '@/test/pageKit';

jest.mock('@/api/relation');
jest.mock('@/api/users');

jest.mock('@/api/position');
jest.mock('@/api/organize');
jest.mock('@/api/dictionary');
const m = api as jest.Mocked<typeof api>;
const org = organize as jest.Mocked<typeof organize>;

const PATH = '/permission/position';
const ROW: api.PositionRow = { id: 'p1', organizeId: 'd1', fullName: '主治医师', enCode: 'zzys', type: '专业技术岗位', department: '总院/外科', sortCode: 0, enabledMark: 1, creatorTime: 0 };

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  answerDictionaries({
    id: 'dt-pos',
    enCode: 'PositionType',
    fullName: '岗位类型',
    dictionaryList: [
      { id: 'i1', enCode: 'technical', fullName: '专业技术岗位', enabledMark: 1 },
      { id: 'i2', enCode: 'general', fullName: '普通岗位', enabledMark: 1 },
    ],
  });
  org.getDepartmentSelectorByAuth.mockResolvedValue({ code: 200, msg: '', data: { list: TREE } });
  org.getDepartmentSelector.mockResolvedValue({ code: 200, msg: '', data: { list: TREE } });
  m.getPositionList.mockResolvedValue({ code: 200, msg: '', data: { list: [ROW], pagination: { currentPage: 1, pageSize: 20, total: 1 } } });
});

async function open(buttons = ['btn_add', 'btn_edit', 'btn_remove']) {
  grant(PATH, buttons);
  renderPage(PositionPage, PATH);
  await screen.findByText('主治医师');
  await settle();
}

const dialog = () => formDialog('qm-position-form');
const button = (name: string | RegExp, scope?: ParentNode) => buttonNamed(name, scope);

test('ROLE-010: every position, then those of the node chosen on the left (and below); choosing it again shows all', async () => {
  await open();
  expect(m.getPositionList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', organizeId: '' });
  const tree = document.querySelector('.qm-organize-tree') as HTMLElement;
  fireEvent.click(within(tree).getByText('外科', { selector: '.ant-tree-title' }));
  await waitFor(() => expect(m.getPositionList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', organizeId: 'd1' }));
  fireEvent.click(within(tree).getByText('外科', { selector: '.ant-tree-title' }));
  await waitFor(() => expect(m.getPositionList).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20, keyword: '', organizeId: '' }));
  // The tree's own keyword filter.
  fireEvent.change(within(tree).getByLabelText('输入关键字过滤'), { target: { value: '外' } });
  await settle();
  expect(within(tree).getByText('外科', { selector: '.ant-tree-title' })).toBeTruthy();
  expect(screen.getByText('专业技术岗位')).toBeTruthy();
  expect(screen.getByText('总院/外科')).toBeTruthy();
});

test('a new position starts in the chosen organisation; the core refuses a bad code; the type is sent by its code', async () => {
  m.createPosition.mockResolvedValue({ code: 200, msg: '新建成功', data: null });
  await open();
  fireEvent.click(within(document.querySelector('.qm-organize-tree') as HTMLElement).getByText('外科', { selector: '.ant-tree-title' }));
  await settle();
  fireEvent.click(button('新建'));
  await screen.findByText('新建岗位');
  await settle();
  const form = dialog();
  expect(within(form).getByText('总院/外科')).toBeTruthy();
  fireEvent.change(within(form).getByLabelText('岗位名称'), { target: { value: '住院医师' } });
  fireEvent.change(within(form).getByLabelText('岗位编码'), { target: { value: 'zy-ys' } });
  await settle();
  expect(within(form).getByText('岗位编码只能是数字、英文')).toBeTruthy();
  fireEvent.click(button('确定', form));
  await settle();
  expect(within(form).getByText('岗位类型不能为空')).toBeTruthy();
  expect(m.createPosition).not.toHaveBeenCalled();
  fireEvent.change(within(form).getByLabelText('岗位编码'), { target: { value: 'zyys' } });
  fireEvent.mouseDown(within(form).getByLabelText('岗位类型'));
  await settle();
  fireEvent.click(screen.getByText('普通岗位', { selector: '.ant-select-item-option-content' }));
  fireEvent.click(button('确定', form));
  await screen.findByText('新建成功');
  expect(m.createPosition).toHaveBeenCalledWith({ organizeId: 'd1', fullName: '住院医师', enCode: 'zyys', type: 'general', sortCode: 0, enabledMark: 1, description: '' });
});

test("编辑 loads the position; the server's per-field refusal stands under the field", async () => {
  m.getPosition.mockResolvedValue({
    code: 200,
    msg: '',
    data: { id: 'p1', organizeId: 'd1', organizeIdTree: ['c1', 'd1'], fullName: '主治医师', enCode: 'zzys', type: 'technical', enabledMark: 1, sortCode: 0, description: '' },
  });
  m.updatePosition.mockRejectedValue({ code: 400, msg: '编码已存在', data: { enCode: ['编码已存在'] } });
  await open();
  fireEvent.click(button('编辑 主治医师'));
  await screen.findByText('编辑岗位');
  await settle();
  const form = dialog();
  expect(within(form).getByText('总院/外科')).toBeTruthy(); // the stored path, named
  fireEvent.change(within(form).getByLabelText('岗位编码'), { target: { value: 'taken' } });
  fireEvent.click(button('确定', form));
  await settle();
  expect(m.updatePosition).toHaveBeenCalledWith('p1', expect.objectContaining({ organizeId: 'd1', enCode: 'taken', type: 'technical' }));
  expect(within(form).getByText('编码已存在')).toBeTruthy();
  expect(document.querySelector('.qm-position-form')?.closest('.ant-modal-wrap')?.getAttribute('style') ?? '').not.toMatch(/display: none/);
});

test('PERM-011 and CONST-003: no 新建 without btn_add; 删除 asks first', async () => {
  m.deletePosition.mockResolvedValue({ code: 200, msg: '删除成功', data: null });
  await open(['btn_remove']);
  expect(() => button('新建')).toThrow('0 buttons');
  expect(() => button(/^编辑/)).toThrow('0 buttons');
  fireEvent.click(button('删除 主治医师'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  fireEvent.click(button('确定', confirmation()));
  await screen.findByText('删除成功');
  expect(m.deletePosition).toHaveBeenCalledWith('p1');
});

test('岗位成员 (UserRelation): the members named, one removed, 保存 posts the rest with objectType Position; only with btn_edit', async () => {
  await open();
  await membersRound({ title: '岗位成员', name: '主治医师', id: 'p1', kind: 'Position' });
});

test('PERM-011: without btn_edit no row offers 岗位成员', async () => {
  await open(['btn_add', 'btn_remove']);
  expect(() => buttonNamed('岗位成员 主治医师')).toThrow('0 buttons');
});
