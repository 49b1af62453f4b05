// The dictionary picker (widget spec 2.6; WGT-070, WGT-071, DICT-045) rendered whole, with the
// real rules core (WASM) and the real HTTP client: only `fetch` is fake, a dictionary server
// answering as jnpf-wire-areas.md §2.1 says. The management dialog is the real 数据字典 page,
// with the buttons of its own menu entry (the form's page grants none).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import type { DictionaryItemNode } from '@/api/dictionary';
import { initI18n } from '@/i18n';
import { useUser } from '@/stores/user';
import { buttonNamed, formDialog } from '@/test/renderPage';
// The app's management screens behind the add buttons, as the shell registers them.
import '@/app/pickerManagers';
import { fakeFetch, type Call } from '@/test/fakeFetch';
import { DictionarySelect } from './DictionarySelect';

type Item = DictionaryItemNode;
const item = (id: string, fullName: string, parentId = '0', children?: Item[]): Item => ({
  id,
  dictionaryTypeId: 't-dept',
  parentId,
  fullName,
  enCode: id,
  sortCode: 0,
  enabledMark: 1,
  description: '',
  hasChildren: Boolean(children?.length),
  ...(children ? { children } : {}),
});
const typeNode = (id: string, fullName: string, enCode: string, children: unknown[] = [], parentId = '-1') => ({
  id,
  parentId,
  fullName,
  enCode,
  isTree: id === 't-dept' ? 1 : 0,
  sortCode: 0,
  category: '0',
  description: '',
  hasChildren: children.length > 0,
  children,
});
const TYPES = [typeNode('0', '系统字典', 'system'), typeNode('1', '业务字典', 'business', [typeNode('t-dept', '科室类别', 'deptCategory', [], '1')])];
let items: Item[];
let calls: Call[];

jest.setTimeout(60_000);
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  items = [item('nk', '内科', '0', [item('xnk', '心内科', 'nk')]), item('wk', '外科')];
  calls = fakeFetch({
    'GET /api/system/DictionaryData/All': () => ({
      list: [{ id: 't-dept', enCode: 'deptCategory', fullName: '科室类别', isTree: 1, dictionaryList: items }],
    }),
    'GET /api/system/DictionaryType': () => ({ list: TYPES }),
    'GET /api/system/DictionaryData/{typeId}/Selector/{id}': ({ params }) => ({
      list: [{ id: params.typeId, parentId: '-1', fullName: '科室类别', enCode: 'deptCategory', hasChildren: false, children: [] }],
    }),
    'GET /api/system/DictionaryData/{typeId}': ({ params }) => ({ list: params.typeId === 't-dept' ? items : [] }),
    'POST /api/system/DictionaryData': ({ body }) => {
      const b = body as Item;
      items.push(item(b.enCode, b.fullName, b.parentId));
      return null;
    },
  });
  // The form's page grants no button; the dictionary's own menu entry grants 新建.
  useUser.setState({
    routes: [
      { path: '/form/page', name: 'form-page', type: 2, address: 'form/page', meta: { title: 'f', zhTitle: 'f', modelId: 'm-form' } },
      { path: '/systemData/dictionary', name: 'systemData-dictionary', type: 2, address: 'systemData/dictionary', meta: { title: 'd', zhTitle: 'd', modelId: 'm-dict' } },
    ],
    permissionList: [
      { modelId: 'm-form', button: [] },
      { modelId: 'm-dict', button: [{ enCode: 'btn_add' }] },
    ],
    userInfo: { isAdministrator: false } as never,
  } as never);
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

function Field({ changes, multiple }: { changes: unknown[]; multiple?: boolean }) {
  const [value, setValue] = useState<string | string[]>(multiple ? [] : '');
  return (
    <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true }}>
      <AntApp>
        <MemoryRouter initialEntries={['/form/page']}>
          <DictionarySelect
            dictionaryType="deptCategory"
            multiple={multiple}
            value={value}
            onChange={(v) => {
              changes.push(v);
              setValue(v);
            }}
          />
        </MemoryRouter>
      </AntApp>
    </ConfigProvider>
  );
}

const allCalls = () => calls.filter((c) => c.path === '/api/system/DictionaryData/All').length;
async function openTree() {
  fireEvent.mouseDown(document.querySelector('.qm-dictionary-select .ant-select') as HTMLElement);
  await settle();
}
const options = () => [...document.querySelectorAll('.ant-select-tree-title')].map((n) => n.textContent);

test('WGT-070, DICT-045: a tree select of the dictionary\'s items (DictionaryData/All by the category\'s enCode); a pick stores the item id', async () => {
  const changes: unknown[] = [];
  render(<Field changes={changes} />);
  await settle();
  await openTree();
  expect(options()).toEqual(['内科', '心内科', '外科']);
  fireEvent.click(screen.getByText('心内科', { selector: '.ant-select-tree-title' }));
  await settle();
  expect(changes).toEqual(['xnk']);
  expect(document.querySelector('.qm-dictionary-select')?.textContent).toContain('心内科');
});

test('WGT-070, WGT-071: 添加 opens the dictionary screen in an 80% dialog with its own buttons; an item added there is offered after closing', async () => {
  render(<Field changes={[]} />);
  await settle();
  const loads = allCalls();
  fireEvent.click(buttonNamed('添加'));
  await screen.findByText('科室类别', { selector: '.qm-dictionary-types .ant-tree-title' });
  await settle();
  const manage = document.querySelector('.qm-dictionary-manage-dialog') as HTMLElement;
  expect(manage.style.width).toBe('80%');
  expect(manage.querySelector('.ant-modal-title')?.textContent).toBe('数据字典');
  fireEvent.click(within(manage).getByText('科室类别', { selector: '.ant-tree-title' }));
  await settle();
  // 新建 is the dictionary menu entry's button, not the form page's (which grants none).
  const add = buttonNamed('新建', manage.querySelector('.qm-dictionary-main') as HTMLElement);
  expect(add.disabled).toBe(false);
  fireEvent.click(add);
  await screen.findByText('新建字典');
  await settle();
  const form = formDialog('qm-dictionary-item-form');
  fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '儿科' } });
  fireEvent.change(within(form).getByLabelText('编码'), { target: { value: 'ek' } });
  await settle();
  fireEvent.click(buttonNamed('确定', form));
  await settle();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ dictionaryTypeId: 't-dept', parentId: '0', fullName: '儿科', enCode: 'ek' });
  // Closing the dialog asks for the dictionaries again.
  fireEvent.click(manage.querySelector('.ant-modal-close') as HTMLElement);
  await settle();
  await waitFor(() => expect(allCalls()).toBeGreaterThan(loads));
  await openTree();
  expect(options()).toContain('儿科');
});

test('WGT-070: multiple mode stores a list of item ids', async () => {
  const changes: unknown[] = [];
  render(<Field changes={changes} multiple />);
  await settle();
  await openTree();
  fireEvent.click(screen.getByText('外科', { selector: '.ant-select-tree-title' }));
  await settle();
  fireEvent.click(screen.getByText('心内科', { selector: '.ant-select-tree-title' }));
  await settle();
  expect(changes.at(-1)).toEqual(['wk', 'xnk']);
});
