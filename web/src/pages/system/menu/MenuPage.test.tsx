// 系统菜单 against a fake System/Menu/Module* API, with the real rules core (WASM): the
// applications (keyword on Enter, the main one neither deleted nor disabled, the form checked by
// the core's system rules before any request, the server's per-field refusal under its field),
// an application's menus (Web/App, keyword, expand/collapse, the type-dependent form with the
// address derived from the code), and a page menu's permission items in their drawers — the
// quick-add of the standard buttons, a batch of list columns, a data-permission scheme whose
// condition the core checks where each part is. PERM-011: every element only with its button.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { confirmation, formDialog, stateSwitch } from '@/test/renderPage';

jest.mock('@/api/menu');
jest.mock('@/api/dictionary');
import { m, ok, done, LINK, settle, open, openMenus, btn, itemOf, explain, choose, selectIn, chooseNode, menuItem } from './menuTestKit';
const rowOf = (text: string) => [...document.querySelectorAll<HTMLElement>('.ant-table-row')].find((r) => r.querySelector('td')?.textContent === text) as HTMLElement;
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

test('the applications with their columns; the keyword applies on Enter; the main application offers neither 删除 nor the state switch', async () => {
  await open();
  expect(m.getSystems).toHaveBeenLastCalledWith('');
  const heads = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
  expect(heads).toEqual(['应用名称', '应用编码', '说明', '图标', '排序', '状态', '操作']);
  expect(() => btn('删除 启明')).toThrow('0 buttons');
  expect(() => stateSwitch('启明')).toThrow();
  expect(within(rowOf('启明')).getByText('启用')).toBeTruthy();
  expect(btn('删除 移动护理')).toBeTruthy();
  const box = screen.getByRole('searchbox', { name: '关键词' });
  fireEvent.change(box, { target: { value: '护理' } });
  await settle();
  expect(m.getSystems).toHaveBeenCalledTimes(1); // typed, not applied
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(m.getSystems).toHaveBeenLastCalledWith('护理'));
  await waitFor(() => expect(screen.queryByText('启明')).toBeNull());
  fireEvent.click(btn('重置'));
  await waitFor(() => expect(m.getSystems).toHaveBeenLastCalledWith(''));
  await screen.findByText('启明');
});

test('PERM-011: without btn_add, btn_edit and btn_remove neither 新建, 编辑, 删除 nor a state switch is rendered', async () => {
  await openMenus([]);
  expect(() => btn('新建')).toThrow('0 buttons');
  expect(() => btn('编辑 病区管理')).toThrow('0 buttons');
  expect(() => btn('删除 病区管理')).toThrow('0 buttons');
  expect(document.querySelector('[role="switch"]')).toBeNull();
  // 更多 still offers the permission items to look at, not 新建子级.
  expect(() => btn('更多 病区管理')).toThrow('0 buttons');
  fireEvent.click(btn('更多 床位管理'));
  await settle(2);
  expect(menuItem('按钮权限')).toBeTruthy();
  fireEvent.click(menuItem('按钮权限'));
  await screen.findByText('按钮权限 - 床位管理');
  await settle();
  const drawer = document.querySelector('.qm-button-drawer') as HTMLElement;
  expect(() => btn('新建', drawer)).toThrow('0 buttons');
  expect(() => btn(/^常用按钮/, drawer)).toThrow('0 buttons');
});

test('a new application: the core refuses the empty form before any request (应用不能为空 …); the server\'s refusal shows under its field; then it is created', async () => {
  m.createSystem.mockRejectedValueOnce({ code: 400, msg: '编码已存在', data: { enCode: ['编码已存在'] } }).mockImplementation(() => done('新建成功'));
  await open();
  fireEvent.click(btn('新建'));
  await screen.findByText('新建应用');
  await settle();
  const form = formDialog('qm-system-form');
  fireEvent.click(btn('确定', form));
  await settle();
  expect(explain(form, '应用名称')).toBe('应用不能为空');
  expect(explain(form, '应用编码')).toBe('应用编码不能为空');
  expect(explain(form, '应用图标')).toBe('应用图标不能为空');
  expect(m.createSystem).not.toHaveBeenCalled();
  type(form, '应用名称', '移动查房');
  type(form, '应用编码', 'rounds');
  type(form, '应用图标', 'icon-ym icon-ym-nav-home');
  await settle();
  fireEvent.click(btn('确定', form));
  await waitFor(() => expect(explain(form, '应用编码')).toBe('编码已存在'));
  expect(within(form).getByLabelText('应用名称')).toHaveProperty('value', '移动查房');
  type(form, '应用编码', 'rounds2');
  await settle();
  fireEvent.click(btn('确定', form));
  await screen.findByText('新建成功');
  expect(m.createSystem).toHaveBeenLastCalledWith({
    fullName: '移动查房',
    enCode: 'rounds2',
    icon: 'icon-ym icon-ym-nav-home',
    propertyJson: '{"iconBackgroundColor":""}',
    sortCode: 0,
    enabledMark: 1,
    description: '',
  });
  await waitFor(() => expect(m.getSystems).toHaveBeenCalledTimes(2));
});

test('CONST-002, CONST-003: an application is enabled and deleted after confirmation; a refusal leaves the row', async () => {
  m.toggleSystemState.mockImplementation(() => done('更新成功'));
  m.deleteSystem.mockRejectedValue({ code: 400, msg: '该应用下有菜单，不能删除', data: null });
  await open();
  fireEvent.click(stateSwitch('移动护理'));
  await screen.findByText('您确定要启用当前应用, 是否继续?');
  expect(m.toggleSystemState).not.toHaveBeenCalled();
  fireEvent.click(btn('确定', confirmation()));
  await screen.findByText('更新成功');
  expect(m.toggleSystemState).toHaveBeenCalledWith('s2');
  fireEvent.click(btn('删除 移动护理'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  fireEvent.click(btn('确定', confirmation()));
  await settle();
  expect(m.deleteSystem).toHaveBeenCalledWith('s2');
  expect(screen.getByText('移动护理')).toBeTruthy();
});

test('an application\'s menus: a tree of its Web menus, App on the other tab, the keyword on Enter, 折叠全部 and 展开全部, 返回 to the applications', async () => {
  await openMenus();
  expect(screen.getByText('启明的菜单管理')).toBeTruthy();
  expect(m.getMenus).toHaveBeenLastCalledWith('s1', { keyword: '', category: 'Web' });
  // Opened whole.
  expect(rowOf('床位管理')).toBeTruthy();
  expect(within(rowOf('医院官网')).getByText('外链')).toBeTruthy();
  fireEvent.click(btn('折叠全部'));
  await settle();
  expect(rowOf('床位管理')).toBeUndefined();
  fireEvent.click(btn('展开全部'));
  await settle();
  expect(rowOf('床位管理')).toBeTruthy();
  const box = screen.getByRole('searchbox', { name: '关键词' });
  fireEvent.change(box, { target: { value: '床位' } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(m.getMenus).toHaveBeenLastCalledWith('s1', { keyword: '床位', category: 'Web' }));
  fireEvent.click(screen.getByRole('tab', { name: 'App菜单' }));
  await waitFor(() => expect(m.getMenus).toHaveBeenLastCalledWith('s1', { keyword: '床位', category: 'App' }));
  await waitFor(() => expect(rowOf('病区管理')).toBeUndefined());
  expect(document.querySelector('.ant-empty')).toBeTruthy();
  fireEvent.click(btn('返回'));
  await screen.findByText('移动护理');
});

test('a menu\'s form follows its type (the core\'s menu rules): 页面 asks for the address, 字典 for its category — whose isTree goes with it — and the address is derived from the code', async () => {
  m.createMenu.mockImplementation(() => done('新建成功'));
  await openMenus();
  fireEvent.click(btn('新建'));
  await screen.findByText('新建菜单');
  await settle();
  const form = formDialog('qm-menu-form');
  fireEvent.click(btn('确定', form));
  await settle();
  expect(explain(form, '上级')).toBe('上级菜单不能为空');
  expect(explain(form, '菜单名称')).toBe('菜单名称不能为空');
  expect(explain(form, '菜单编码')).toBe('菜单编码不能为空');
  expect(explain(form, '菜单图标')).toBe('菜单图标不能为空');
  expect(explain(form, '菜单类型')).toBe('请选择菜单类型');
  expect(itemOf(form, '地址')).toBeUndefined();

  await choose(selectIn(form, '菜单类型'), '页面');
  expect(itemOf(form, '地址').querySelector('.ant-form-item-required')).toBeTruthy();
  // 页面 starts with its four permission items.
  expect([...form.querySelectorAll<HTMLInputElement>('.ant-checkbox-input')].map((c) => c.checked)).toEqual([true, true, true, true]);

  await choose(selectIn(form, '菜单类型'), '字典');
  expect(itemOf(form, '地址')).toBeUndefined();
  type(form, '菜单名称', '性别字典');
  type(form, '菜单编码', 'dict.sex');
  type(form, '菜单图标', 'icon-ym icon-ym-dictionary');
  await chooseNode(form, '上级', '病区管理');
  fireEvent.click(btn('确定', form));
  await settle();
  expect(explain(form, '关联')).toBe('关联不能为空');
  expect(m.createMenu).not.toHaveBeenCalled();
  await chooseNode(form, '关联', '性别');
  // Two of the four permission items.
  fireEvent.click(within(form).getByLabelText('列表权限'));
  fireEvent.click(within(form).getByLabelText('表单权限'));
  await settle();
  fireEvent.click(btn('确定', form));
  await screen.findByText('新建成功');
  expect(m.createMenu).toHaveBeenCalledWith({
    parentId: 'ward',
    systemId: 's1',
    category: 'Web',
    fullName: '性别字典',
    enCode: 'dict.sex',
    icon: 'icon-ym icon-ym-dictionary',
    type: 4,
    urlAddress: 'dictionary/dictsex',
    linkTarget: '_self',
    propertyJson: '{"moduleId":"t-sex","iconBackgroundColor":"","isTree":0}',
    sortCode: 0,
    enabledMark: 1,
    description: '',
    isButtonAuthorize: 1,
    isColumnAuthorize: 0,
    isFormAuthorize: 0,
    isDataAuthorize: 1,
  });
  // The parent picker was asked for this application's Web directories, for a new menu.
  expect(m.getMenuSelector).toHaveBeenCalledWith('', 's1', 'Web');
});

test('新建子级 under a directory starts with it as the parent; an edit loads the menu and sends what it shows, the link target of a 外链 with it', async () => {
  m.createMenu.mockImplementation(() => done('新建成功'));
  m.updateMenu.mockImplementation(() => done('更新成功'));
  m.getMenu.mockImplementation(() => ok({ ...LINK }));
  await openMenus();
  fireEvent.click(btn('更多 病区管理'));
  await settle(2);
  fireEvent.click(menuItem('新建子级'));
  await screen.findByText('新建菜单');
  await settle();
  let form = formDialog('qm-menu-form');
  expect(within(itemOf(form, '上级')).getByText('病区管理')).toBeTruthy();
  fireEvent.click(btn('取消', form));
  await settle();

  fireEvent.click(btn('编辑 医院官网'));
  await screen.findByText('编辑菜单');
  await settle();
  form = formDialog('qm-menu-form');
  await waitFor(() => expect(within(form).getByLabelText('菜单名称')).toHaveProperty('value', '医院官网'));
  expect(m.getMenuSelector).toHaveBeenLastCalledWith('site', 's1', 'Web');
  type(form, '地址', '  ');
  await settle();
  expect(explain(form, '地址')).toBe('地址不能为空');
  type(form, '地址', 'https://example.org/new');
  await settle();
  fireEvent.click(btn('确定', form));
  await screen.findByText('更新成功');
  expect(m.updateMenu).toHaveBeenCalledWith('site', expect.objectContaining({ type: 7, urlAddress: 'https://example.org/new', linkTarget: '_blank', parentId: '-1' }));
});

test('CONST-002, CONST-003: a menu is disabled and deleted after confirmation', async () => {
  m.toggleMenuState.mockImplementation(() => done('更新成功'));
  m.deleteMenu.mockImplementation(() => done('删除成功'));
  await openMenus();
  fireEvent.click(stateSwitch('床位管理'));
  await screen.findByText('您确定要禁用当前菜单, 是否继续?');
  fireEvent.click(btn('确定', confirmation()));
  await screen.findByText('更新成功');
  expect(m.toggleMenuState).toHaveBeenCalledWith('beds');
  fireEvent.click(btn('删除 医院官网'));
  await screen.findByText('此操作将永久删除该数据, 是否继续?');
  fireEvent.click(btn('确定', confirmation()));
  await screen.findByText('删除成功');
  expect(m.deleteMenu).toHaveBeenCalledWith('site');
  await waitFor(() => expect(m.getMenus).toHaveBeenCalledTimes(3));
});

test('PERM-010, PERM-012: 按钮权限 lists the page\'s buttons; 常用按钮 adds a standard one at the top, offering no more those it has', async () => {
  m.createButton.mockImplementation(() => done('新建成功'));
  await openMenus();
  // Only pages (and 功能, 字典) with the item on offer it; a directory offers 新建子级, a link nothing.
  expect(() => btn('更多 医院官网')).toThrow('0 buttons');
  fireEvent.click(btn('更多 床位管理'));
  await settle(2);
  expect(['按钮权限', '列表权限', '表单权限', '数据权限'].every((n) => menuItem(n))).toBe(true);
  fireEvent.click(menuItem('按钮权限'));
  await screen.findByText('按钮权限 - 床位管理');
  await settle();
  expect(m.getButtons).toHaveBeenLastCalledWith('beds', '');
  const drawer = document.querySelector('.qm-button-drawer') as HTMLElement;
  expect(within(drawer).getByText('btn_add')).toBeTruthy();
  fireEvent.click(btn(/^常用按钮/, drawer));
  await settle(2);
  const offered = (name: string) => menuItem(name);
  expect(offered('新增 (btn_add)').className).toMatch(/disabled/);
  expect(offered('导出 (btn_download)').className).not.toMatch(/disabled/);
  fireEvent.click(offered('导出 (btn_download)'));
  await screen.findByText('新建成功');
  expect(m.createButton).toHaveBeenCalledWith({ parentId: '-1', moduleId: 'beds', fullName: '导出', enCode: 'btn_download', sortCode: 0, icon: '', enabledMark: 1, description: '' });
  await waitFor(() => expect(m.getButtons).toHaveBeenCalledTimes(2));
});

test('a button\'s form is checked by the core (上级, 按钮名称, 按钮编码) and sent with its menu', async () => {
  m.createButton.mockImplementation(() => done('新建成功'));
  await openMenus();
  fireEvent.click(btn('更多 床位管理'));
  await settle(2);
  fireEvent.click(menuItem('按钮权限'));
  await screen.findByText('按钮权限 - 床位管理');
  await settle();
  fireEvent.click(btn('新建', document.querySelector('.qm-button-drawer') as HTMLElement));
  await screen.findByText('新建按钮');
  await settle();
  const form = formDialog('qm-button-form');
  fireEvent.click(btn('确定', form));
  await settle();
  expect(explain(form, '按钮名称')).toBe('按钮名称不能为空');
  expect(explain(form, '按钮编码')).toBe('按钮编码不能为空');
  expect(m.createButton).not.toHaveBeenCalled();
  type(form, '按钮名称', '打印');
  type(form, '按钮编码', 'btn_print');
  await settle();
  fireEvent.click(btn('确定', form));
  await screen.findByText('新建成功');
  expect(m.createButton).toHaveBeenCalledWith(expect.objectContaining({ moduleId: 'beds', parentId: '-1', fullName: '打印', enCode: 'btn_print' }));
});

test('PERM-012: 列表权限 adds a batch of columns, each row checked by the core first; a sub-table asks for its field', async () => {
  m.batchFields.mockImplementation(() => done('新建成功'));
  await openMenus();
  fireEvent.click(btn('更多 床位管理'));
  await settle(2);
  fireEvent.click(menuItem('列表权限'));
  await screen.findByText('列表权限 - 床位管理');
  await settle();
  expect(m.getFields).toHaveBeenLastCalledWith('column', 'beds', '');
  fireEvent.click(btn('批量新建', document.querySelector('.qm-column-drawer') as HTMLElement));
  await settle();
  const form = formDialog('qm-batch-form');
  fireEvent.click(btn('添加字段', form));
  await settle();
  type(form, '字段名称 1', 'bedNo');
  fireEvent.click(btn('确定', form));
  await settle();
  expect(explain(form, '字段说明 1')).toBe('字段说明不能为空');
  expect(explain(form, '字段名称 2')).toBe('字段名称不能为空');
  expect(m.batchFields).not.toHaveBeenCalled();
  await choose(selectIn(form, '规则'), '子表');
  fireEvent.click(btn('确定', form));
  await settle();
  expect(explain(form, '子表字段')).toBe('关联字段不能为空');
  type(form, '子表字段', 'tableField1');
  type(form, '绑定表', 'ward_bed');
  type(form, '字段说明 1', '床位号');
  type(form, '字段名称 2', 'wardId');
  type(form, '字段说明 2', '病区');
  await settle();
  fireEvent.click(btn('确定', form));
  await screen.findByText('新建成功');
  expect(m.batchFields).toHaveBeenCalledWith(
    'column',
    'beds',
    [
      { enCode: 'bedNo', fullName: '床位号', fieldRule: 2, bindTable: 'ward_bed', childTableKey: 'tableField1' },
      { enCode: 'wardId', fullName: '病区', fieldRule: 2, bindTable: 'ward_bed', childTableKey: 'tableField1' },
    ],
    'ward_bed',
  );
});

test('PERM-012: 数据权限 — a scheme\'s condition is checked by the core where each part is before any request, then sent with its display text', async () => {
  m.createScheme.mockImplementation(() => done('新建成功'));
  await openMenus();
  fireEvent.click(btn('更多 床位管理'));
  await settle(2);
  fireEvent.click(menuItem('数据权限'));
  await screen.findByText('数据权限 - 床位管理');
  await settle();
  const drawer = document.querySelector('.qm-data-drawer') as HTMLElement;
  expect(within(drawer).getByText('当前用户')).toBeTruthy(); // the field's condition content by its name
  fireEvent.click(screen.getByRole('tab', { name: '方案管理' }));
  await settle();
  fireEvent.click(btn('新建方案', drawer));
  await waitFor(() => formDialog('qm-scheme-form'));
  await settle();
  const form = formDialog('qm-scheme-form');
  type(form, '方案编码', 'own');
  type(form, '方案名称', '本人及病区');
  fireEvent.click(btn('确定', form));
  await settle();
  expect(within(form).getByText('请选择字段', { selector: '.qm-condition-problem' })).toBeTruthy();
  expect(within(form).getByText('请选择条件符号', { selector: '.qm-condition-problem' })).toBeTruthy();
  expect(within(form).getByText('方案内条件配置不完整，请检查条件内容')).toBeTruthy();
  expect(m.createScheme).not.toHaveBeenCalled();

  // The first condition: 创建人 等于 当前用户 (the field's variable, not typed).
  await choose(within(form).getByLabelText('条件组1第1条的字段').closest('.ant-select') as HTMLElement, '创建人');
  await choose(within(form).getByLabelText('条件组1第1条的符号').closest('.ant-select') as HTMLElement, '等于');
  expect(within(form).getByLabelText('条件组1第1条的值')).toHaveProperty('value', '当前用户');
  // A second one, or'ed: 病区名称 包含 (typed) — empty first, which the core refuses.
  fireEvent.click(btn('添加条件', form));
  await settle();
  await choose(within(form).getByLabelText('条件组1的匹配逻辑').closest('.ant-select') as HTMLElement, 'or（满足任一）');
  await choose(within(form).getByLabelText('条件组1第2条的字段').closest('.ant-select') as HTMLElement, '病区名称');
  await choose(within(form).getByLabelText('条件组1第2条的符号').closest('.ant-select') as HTMLElement, '包含');
  fireEvent.click(btn('确定', form));
  await settle();
  expect(within(form).getByText('请输入字段值', { selector: '.qm-condition-problem' })).toBeTruthy();
  expect(m.createScheme).not.toHaveBeenCalled();
  type(form, '条件组1第2条的值', '一病区');
  await settle();
  fireEvent.click(btn('确定', form));
  await screen.findByText('新建成功');
  const sent = m.createScheme.mock.calls[0][0];
  expect(sent).toEqual(expect.objectContaining({ moduleId: 'beds', enCode: 'own', fullName: '本人及病区', conditionText: '【创建人】【等于】【当前用户】 or 【病区名称】【包含】【一病区】' }));
  expect(JSON.parse(sent.conditionJson as string)).toEqual([
    {
      logic: 'or',
      groups: [
        { id: 'f1', field: 'creatorUserId', type: 'varchar', op: 'Equal', value: '@userId', bindTable: '', fieldRule: 0 },
        { id: 'f2', field: 'wardName', type: 'varchar', op: 'Included', value: '一病区', bindTable: '', fieldRule: 0 },
      ],
    },
  ]);
});
