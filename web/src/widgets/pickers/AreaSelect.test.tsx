// The area picker (widget spec 2.5, 4.5; AREA-001, AREA-002, AREA-004, AREA-005) against a fake
// Area API shaped as the server answers: the lazy tree from -1, leaves forced at the configured
// depth (default 2, districts), single and multiple picks, the names of stored paths.
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { useState } from 'react';
import * as area from '@/api/area';
import { initI18n } from '@/i18n';
import { AreaSelect } from './AreaSelect';
import { addPick, areaNodes, areaPaths, findArea, withChildren } from './area';

jest.mock('@/api/area', () => ({ ...jest.requireActual('@/api/area'), getAreaSelector: jest.fn(), getAreaByIds: jest.fn() }));
const m = area as jest.Mocked<typeof area>;

/** parent → children [id, name, has children]. */
const TREE: Record<string, [string, string, boolean][]> = {
  '-1': [
    ['110000', '北京市', true],
    ['130000', '河北省', true],
  ],
  '110000': [['110100', '市辖区', true]],
  '110100': [
    ['110101', '东城区', true],
    ['110102', '西城区', true],
  ],
  '110101': [['110101001', '东华门街道', false]],
  '130000': [['130100', '石家庄市', true]],
  '130100': [['130102', '长安区', false]],
};
const NAMES = Object.fromEntries(Object.values(TREE).flat().map(([id, name]) => [id, name]));

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  jest.resetAllMocks();
  m.getAreaSelector.mockImplementation(async (parentId) => ({
    code: 200,
    msg: '',
    data: { list: (TREE[parentId] ?? []).map(([id, fullName, more]) => ({ id, fullName, enCode: id, isLeaf: !more })) },
  }));
  m.getAreaByIds.mockImplementation(async (idsList) => ({ code: 200, msg: '', data: idsList.map((path) => path.map((id) => NAMES[id]).filter(Boolean)) }));
});

async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

function Field({ initial, changes, ...props }: { initial: unknown; changes: unknown[]; multiple?: boolean; level?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <AntApp>
        <AreaSelect
          {...props}
          value={value as string[]}
          onChange={(v) => {
            changes.push(v);
            setValue(v);
          }}
        />
      </AntApp>
    </ConfigProvider>
  );
}

async function openPicker() {
  const select = document.querySelector('.qm-area-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content, input') ?? select);
  fireEvent.click(select);
  await settle();
}
const dialog = () => screen.getByRole('dialog');
const treeNode = (title: string) => within(dialog()).getByText(title, { selector: '.ant-tree-title' }).closest('.ant-tree-treenode') as HTMLElement;
async function expand(title: string) {
  fireEvent.click(treeNode(title).querySelector('.ant-tree-switcher') as HTMLElement);
  await settle();
}
async function click(title: string) {
  fireEvent.click(within(dialog()).getByText(title, { selector: '.ant-tree-title' }));
  await settle();
}
const confirm = async () => {
  fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
  await settle();
};
const shown = () => (document.querySelector('.qm-area-select') as HTMLElement).textContent;
const selected = () => [...dialog().querySelectorAll('.qm-picker-selected-label')].map((e) => e.textContent);

test('WGT-067, WGT-069, AREA-004, spec 2.5: the 省市区 dialog (a tree pane and a selected pane, 取消 and 确定) starts with the provinces and loads each level when it opens', async () => {
  render(<Field initial={[]} changes={[]} />);
  await openPicker();
  expect(within(dialog()).getByText('省市区')).toBeTruthy();
  expect(within(dialog()).getByText('已选')).toBeTruthy();
  expect(within(dialog()).getByRole('button', { name: '清空列表' })).toBeTruthy();
  expect(dialog().querySelector('.qm-picker-tree .ant-tree')).not.toBeNull();
  expect(dialog().querySelector('.qm-picker-selected-list')).not.toBeNull();
  expect(within(dialog()).getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  expect(within(dialog()).getByRole('button', { name: /确\s*定/ })).toBeTruthy();
  expect(m.getAreaSelector).toHaveBeenCalledTimes(1);
  expect(m.getAreaSelector).toHaveBeenCalledWith('-1', '0');
  expect(within(dialog()).queryByText('市辖区')).toBeNull();
  await expand('北京市');
  expect(m.getAreaSelector).toHaveBeenLastCalledWith('110000', '0');
  await expand('市辖区');
  expect(treeNode('东城区')).toBeTruthy();
});

test('WGT-068, WGT-069, spec 4.5, AREA-001, AREA-002: only leaves are picked; a district is a leaf at the default level 2; the value is the id path', async () => {
  const changes: unknown[] = [];
  render(<Field initial={[]} changes={changes} />);
  await openPicker();
  await expand('北京市');
  await click('市辖区'); // a branch: nothing is picked, it opens
  expect(selected()).toEqual([]);
  // 东城区 has streets, but the level makes it a leaf: it does not open.
  expect(treeNode('东城区').querySelector('.ant-tree-switcher-noop')).not.toBeNull();
  await click('东城区');
  expect(selected()).toEqual(['北京市/市辖区/东城区']);
  await click('西城区'); // single mode replaces
  expect(selected()).toEqual(['北京市/市辖区/西城区']);
  expect(m.getAreaSelector).not.toHaveBeenCalledWith('110102', '0');
  await confirm();
  expect(changes).toEqual([['110000', '110100', '110102']]);
  expect(shown()).toContain('北京市/市辖区/西城区');
});

test('WGT-067, WGT-068: multiple mode appends and ignores a path already there; remove-one and 清空列表; cancel leaves the value', async () => {
  const changes: unknown[] = [];
  render(<Field initial={[]} changes={changes} multiple level={1} />);
  await openPicker();
  await expand('北京市');
  await click('市辖区'); // level 1: cities are leaves
  await click('河北省'); // a branch opens
  await click('石家庄市');
  await click('市辖区');
  expect(selected()).toEqual(['北京市/市辖区', '河北省/石家庄市']);
  fireEvent.click(within(dialog()).getByRole('button', { name: '移除北京市/市辖区' }));
  await settle();
  expect(selected()).toEqual(['河北省/石家庄市']);
  await confirm();
  expect(changes).toEqual([[['130000', '130100']]]);
  await openPicker();
  fireEvent.click(within(dialog()).getByRole('button', { name: '清空列表' }));
  await settle();
  fireEvent.click(within(dialog()).getByRole('button', { name: /取\s*消/ }));
  await settle();
  expect(changes).toHaveLength(1);
});

test('AREA-005: a stored path is named by GetAreaByIds; an empty single confirm gives []', async () => {
  const changes: unknown[] = [];
  render(<Field initial={['130000', '130100', '130102']} changes={changes} />);
  await settle();
  expect(m.getAreaByIds).toHaveBeenCalledWith([['130000', '130100', '130102']]);
  expect(shown()).toContain('河北省/石家庄市/长安区');
  await openPicker();
  expect(selected()).toEqual(['河北省/石家庄市/长安区']);
  fireEvent.click(within(dialog()).getByRole('button', { name: '清空列表' }));
  await settle();
  await confirm();
  expect(changes).toEqual([[]]);
});

test('the tree helpers: nodes keyed by path, children set below 顶级节点 too, paths read from a value', () => {
  const provinces = areaNodes([{ id: '110000', fullName: '北京市', enCode: '110000', isLeaf: false }], null, 0);
  expect(provinces[0]).toMatchObject({ key: '110000', path: ['110000'], depth: 0, isLeaf: true }); // level 0: provinces are leaves
  const top = [{ key: '-1', id: '-1', title: '顶级节点', path: ['-1'], names: ['顶级节点'], depth: -1, isLeaf: false, children: areaNodes([{ id: '110000', fullName: '北京市', enCode: '', isLeaf: false }], null) }];
  const cities = areaNodes([{ id: '110100', fullName: '市辖区', enCode: '', isLeaf: false }], findArea(top, '110000')!);
  const tree = withChildren(top, '110000', cities);
  expect(findArea(tree, '110000,110100')).toMatchObject({ names: ['北京市', '市辖区'], depth: 1, isLeaf: false });
  expect(areaPaths(['1', '2'], false)).toEqual([['1', '2']]);
  expect(areaPaths([['1'], 'x', []], true)).toEqual([['1']]);
  expect(areaPaths('110000', false)).toEqual([]);
  expect(addPick([{ key: 'a' }], { key: 'a' }, true)).toHaveLength(1);
  expect(addPick([{ key: 'a' }], { key: 'b' }, false)).toEqual([{ key: 'b' }]);
});
