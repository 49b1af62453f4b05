// 系统菜单's transfer and data connections against a fake Menu/ModuleDataAuthorizeLink API,
// with the real rules core (WASM): 导出 of a menu downloads the url the server answers after
// confirmation; 导入 (only with btn_add) sends the .bm file with the chosen parent and the open
// tab, keeps the server's refusal in its dialog and refreshes the tree after a success; 数据连接
// saves the chosen platform tables (a refused table's message under the field), and
// 从数据表添加 adds the columns picked of them — as one batch for 列表权限, as a filled form for
// 数据权限.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buttonNamed, confirmation, formDialog } from '@/test/renderPage';
import * as download from '@/utils/download';

jest.mock('@/api/menu');
jest.mock('@/api/dictionary');
jest.mock('@/utils/download');
import { m, ALL, ok, done, settle, openMenus, btn, itemOf, explain, choose, chooseNode, menuItem } from './menuTestKit';

const drawerOf = (cls: string) => document.querySelector(`.${cls}`) as HTMLElement;
const lastModal = (cls: string) => {
  const all = document.querySelectorAll<HTMLElement>(`.${cls}`);
  if (!all.length) throw new Error(`no .${cls}`);
  return all[all.length - 1];
};

async function openItems(item: string, drawerClass: string, buttons = ALL) {
  await openMenus(buttons);
  fireEvent.click(btn('更多 床位管理'));
  await settle(2);
  fireEvent.click(menuItem(item));
  await screen.findByText(`${item} - 床位管理`);
  await settle();
  return drawerOf(drawerClass);
}

const COLUMNS: Record<string, string[]> = {
  ward_bed: ['id', 'bed_no', 'ward_id', 'status'],
  base_user: ['id', 'account', 'real_name'],
};

function fakeLink(tables: string) {
  m.getLinkInfo.mockImplementation((moduleId, dataType) => ok({ moduleId, dataType, linkId: '0', linkTables: tables }));
  m.getLinkFields.mockImplementation((_link, table, _type, q) => {
    const all = (COLUMNS[table] ?? []).filter((c) => !q.keyword || c.includes(q.keyword));
    const list = all.slice((q.currentPage - 1) * q.pageSize, q.currentPage * q.pageSize).map((c) => ({ field: c, fieldName: c }));
    return ok({ list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: all.length } });
  });
}

const rowCheck = (scope: HTMLElement, text: string) =>
  [...scope.querySelectorAll<HTMLElement>('.ant-table-row')].find((r) => [...r.querySelectorAll('td')].some((td) => td.textContent === text))?.querySelector('input') as HTMLInputElement;

test('导出 of a menu asks first, then downloads the .bm url the server answers', async () => {
  m.exportMenu.mockResolvedValue({ code: 200, msg: '', data: { url: '/api/file/DownloadModel?encryption=m1' } });
  await openMenus([]);
  fireEvent.click(btn('导出 病区管理'));
  await screen.findByText('您确定要导出该菜单, 是否继续?');
  expect(m.exportMenu).not.toHaveBeenCalled();
  fireEvent.click(buttonNamed('确定', confirmation()));
  await waitFor(() => expect(download.downloadUrl).toHaveBeenCalledWith('/api/file/DownloadModel?encryption=m1'));
  expect(m.exportMenu).toHaveBeenCalledWith('ward');
});

test('PERM-011: 导入 only with btn_add', async () => {
  await openMenus(['btn_edit']);
  expect(() => btn('导入')).toThrow('0 buttons');
});

test('导入 sends the .bm file with the parent chosen (顶级节点 at first) and the open tab; a refusal stays in the dialog with the server\'s message; a success closes it and refreshes the tree', async () => {
  m.importMenu.mockRejectedValueOnce({ code: 400, msg: '文件内容不是菜单数据', data: null });
  m.importMenu.mockResolvedValueOnce({ code: 200, msg: '导入成功', data: null });
  m.importMenu.mockResolvedValueOnce({ code: 200, msg: '导入成功', data: null });
  await openMenus();
  fireEvent.click(btn('导入'));
  await settle();
  let dialog = lastModal('qm-menu-import');
  expect(itemOf(dialog, '上级').querySelector('.ant-select')?.textContent).toContain('顶级节点');
  expect((within(dialog).getByLabelText('菜单分类') as HTMLInputElement).value).toBe('Web菜单');
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.accept).toBe('.bm');
  const calls = m.getMenus.mock.calls.length;
  const bad = new File(['not json'], 'bad.bm');
  fireEvent.change(input, { target: { files: [bad] } });
  await settle();
  expect(m.importMenu).toHaveBeenLastCalledWith('s1', bad, '-1', 'Web');
  expect(within(dialog).getByRole('alert').textContent).toContain('文件内容不是菜单数据');
  expect(m.getMenus).toHaveBeenCalledTimes(calls);
  // Under a directory this time.
  await chooseNode(dialog, '上级', '病区管理');
  const good = new File(['{}'], '病区.bm');
  fireEvent.change(input, { target: { files: [good] } });
  await screen.findByText('导入成功');
  expect(m.importMenu).toHaveBeenLastCalledWith('s1', good, 'ward', 'Web');
  await waitFor(() => expect(m.getMenus).toHaveBeenCalledTimes(calls + 1));
  await waitFor(() => expect(document.querySelector('.qm-menu-import .ant-modal-body')).toBeNull());
  // On the App tab the file goes to the App menus, at the top again, without the old refusal.
  fireEvent.click(screen.getByRole('tab', { name: 'App菜单' }));
  await settle();
  fireEvent.click(btn('导入'));
  await settle();
  dialog = lastModal('qm-menu-import');
  expect(within(dialog).queryByRole('alert')).toBeNull();
  fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [good] } });
  await settle();
  expect(m.importMenu).toHaveBeenLastCalledWith('s1', good, '-1', 'App');
});

test('数据连接 of 列表权限 shows the saved tables and saves the new choice of the platform database; a refused table keeps the dialog with the server\'s message', async () => {
  fakeLink('ward_bed');
  m.saveLink.mockRejectedValueOnce({ code: 400, msg: '不能使用数据表：base_user_session', data: { linkTables: ['不能使用数据表：base_user_session'] } });
  m.saveLink.mockResolvedValueOnce({ code: 200, msg: '保存成功', data: null });
  const drawer = await openItems('列表权限', 'qm-column-drawer');
  fireEvent.click(btn('数据连接', drawer));
  await settle();
  expect(m.getLinkInfo).toHaveBeenLastCalledWith('beds', 1);
  const dialog = lastModal('qm-link-dialog');
  expect(itemOf(dialog, '数据库').textContent).toContain('平台数据库');
  const tags = () => [...itemOf(dialog, '数据表').querySelectorAll('.ant-select-selection-item')].map((e) => e.textContent);
  expect(tags()).toEqual(['ward_bed']);
  const box = itemOf(dialog, '数据表').querySelector('input') as HTMLInputElement;
  fireEvent.change(box, { target: { value: 'base_user_session' } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await settle();
  expect(tags()).toEqual(['ward_bed', 'base_user_session']);
  fireEvent.click(btn('确定', dialog));
  await settle();
  expect(m.saveLink).toHaveBeenLastCalledWith('beds', 1, ['ward_bed', 'base_user_session']);
  expect(explain(dialog, '数据表')).toBe('不能使用数据表：base_user_session');
  // The refused table removed, the choice saved.
  fireEvent.click(itemOf(dialog, '数据表').querySelectorAll<HTMLElement>('.ant-select-selection-item-remove')[1]);
  await settle();
  fireEvent.click(btn('确定', dialog));
  await screen.findByText('保存成功');
  expect(m.saveLink).toHaveBeenLastCalledWith('beds', 1, ['ward_bed']);
});

test('PERM-011: 数据连接 only with btn_edit, 从数据表添加 only with btn_add', async () => {
  const drawer = await openItems('表单权限', 'qm-form-drawer', []);
  expect(() => btn('数据连接', drawer)).toThrow('0 buttons');
  expect(() => btn('从数据表添加', drawer)).toThrow('0 buttons');
});

test('从数据表添加 of 表单权限 lists the chosen tables\' columns (keyword, a table at a time) and adds the picked ones as one batch: the first table\'s as the main table\'s', async () => {
  fakeLink('ward_bed,base_user');
  m.batchFields.mockImplementation(() => done('新建成功'));
  const drawer = await openItems('表单权限', 'qm-form-drawer');
  fireEvent.click(btn('从数据表添加', drawer));
  await settle();
  expect(m.getLinkInfo).toHaveBeenLastCalledWith('beds', 2);
  const picker = lastModal('qm-link-picker');
  expect(m.getLinkFields).toHaveBeenLastCalledWith('0', 'ward_bed', 2, { keyword: '', currentPage: 1, pageSize: 20 });
  expect(btn('确定', picker).disabled).toBe(true);
  fireEvent.click(rowCheck(picker, 'bed_no'));
  await settle();
  // The keyword, then another table.
  fireEvent.change(within(picker).getByRole('searchbox', { name: '关键词' }), { target: { value: 'ward' } });
  fireEvent.click(btn('查询', picker));
  await settle();
  expect(m.getLinkFields).toHaveBeenLastCalledWith('0', 'ward_bed', 2, { keyword: 'ward', currentPage: 1, pageSize: 20 });
  expect(rowCheck(picker, 'status')).toBeUndefined();
  fireEvent.click(rowCheck(picker, 'ward_id'));
  await settle();
  await choose(picker.querySelector('.ant-select') as HTMLElement, 'base_user');
  expect(m.getLinkFields).toHaveBeenLastCalledWith('0', 'base_user', 2, { keyword: 'ward', currentPage: 1, pageSize: 20 });
  fireEvent.change(within(picker).getByRole('searchbox', { name: '关键词' }), { target: { value: '' } });
  fireEvent.click(btn('查询', picker));
  await settle();
  fireEvent.click(rowCheck(picker, 'real_name'));
  await settle();
  expect(picker.textContent).toContain('已选 3 个字段');
  fireEvent.click(btn('确定', picker));
  await screen.findByText('新建成功');
  expect(m.batchFields).toHaveBeenCalledWith(
    'form',
    'beds',
    [
      { enCode: 'bed_no', fullName: 'bed_no', fieldRule: 0, bindTable: 'ward_bed', childTableKey: '' },
      { enCode: 'ward_id', fullName: 'ward_id', fieldRule: 0, bindTable: 'ward_bed', childTableKey: '' },
      { enCode: 'real_name', fullName: 'real_name', fieldRule: 1, bindTable: 'base_user', childTableKey: '' },
    ],
    'ward_bed',
  );
  await waitFor(() => expect(m.getFields.mock.calls.filter(([kind]) => kind === 'form').length).toBeGreaterThanOrEqual(2));
});

test('从数据表添加 without a connection says to choose tables first', async () => {
  fakeLink('');
  const drawer = await openItems('列表权限', 'qm-column-drawer');
  fireEvent.click(btn('从数据表添加', drawer));
  await settle();
  expect(lastModal('qm-link-picker').textContent).toContain('请先在数据连接中选择数据表');
  expect(m.getLinkFields).not.toHaveBeenCalled();
});

test('数据权限: 数据连接 is for data type 3, and a picked column opens a new field\'s form filled from it, still checked by the core before any request', async () => {
  fakeLink('ward_bed');
  m.createAuthorizeField.mockImplementation(() => done('新建成功'));
  const drawer = await openItems('数据权限', 'qm-data-drawer');
  fireEvent.click(btn('数据连接', drawer));
  await settle();
  expect(m.getLinkInfo).toHaveBeenLastCalledWith('beds', 3);
  fireEvent.click(btn('取消', lastModal('qm-link-dialog')));
  await settle();
  fireEvent.click(btn('从数据表添加', drawer));
  await settle();
  const picker = lastModal('qm-link-picker');
  expect(m.getLinkFields).toHaveBeenLastCalledWith('0', 'ward_bed', 3, { keyword: '', currentPage: 1, pageSize: 20 });
  fireEvent.click(rowCheck(picker, 'ward_id'));
  await settle();
  fireEvent.click(btn('确定', picker));
  await settle();
  const form = formDialog('qm-authorize-field-form');
  expect((within(form).getByLabelText('字段名称') as HTMLInputElement).value).toBe('ward_id');
  fireEvent.click(btn('确定', form));
  await settle();
  expect(m.createAuthorizeField).not.toHaveBeenCalled();
  expect(explain(form, '字段类型')).not.toBe('');
});
