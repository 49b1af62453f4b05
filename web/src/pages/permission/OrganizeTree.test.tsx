// Organisation trees of tabs already open follow an organisation created elsewhere (issue 25):
// the real API functions over a recorded transport, the real tree.
import { act, render, screen, waitFor } from '@testing-library/react';
import { api } from '@/api/client';
import { createDepartment, deleteOrganize } from '@/api/organize';
import { initI18n } from '@/i18n';
import { OrganizeTree } from './OrganizeTree';

jest.mock('@/api/client', () => ({ api: { GET: jest.fn(), POST: jest.fn(), PUT: jest.fn(), DELETE: jest.fn() } }));
const transport = api as unknown as Record<'GET' | 'POST' | 'PUT' | 'DELETE', jest.Mock>;

const node = (id: string, fullName: string, children: unknown[] = []) => ({ id, fullName, type: 'department', organize: fullName, organizeIds: [id], hasChildren: children.length > 0, children });

beforeAll(() => initI18n('zh-CN'));

test('a tree already shown reads the organisations again once one is created or deleted; a refused call changes nothing', async () => {
  let tree = [node('c1', '启明医院', [node('d1', '外科')])];
  transport.GET.mockImplementation(() => Promise.resolve({ code: 200, msg: '', data: { list: tree } }));
  render(<OrganizeTree selected="" onSelect={() => undefined} />);
  await screen.findByText('外科');
  const reads = () => transport.GET.mock.calls.length;
  const before = reads();

  tree = [node('c1', '启明医院', [node('d1', '外科'), node('d2', '内科')])];
  transport.POST.mockResolvedValue({ code: 200, msg: '新建成功', data: null });
  await act(() => createDepartment({ fullName: '内科', enCode: 'nk', parentId: 'c1' } as never));
  await screen.findByText('内科');
  expect(reads()).toBe(before + 1);

  transport.DELETE.mockRejectedValue({ code: 400, msg: '该组织下有下级组织，不能删除', data: null });
  await act(() => deleteOrganize('c1').catch(() => undefined));
  expect(reads()).toBe(before + 1);

  tree = [node('c1', '启明医院', [node('d1', '外科')])];
  transport.DELETE.mockResolvedValue({ code: 200, msg: '删除成功', data: null });
  await act(() => deleteOrganize('d2'));
  await waitFor(() => expect(screen.queryByText('内科')).toBeNull());
});

test('the pickers\' organisation lookup is asked again after an organisation is created', async () => {
  const { organisations } = await import('@/widgets/pickers/lookups');
  let tree = [node('c1', '启明医院')];
  transport.GET.mockImplementation(() => Promise.resolve({ code: 200, msg: '', data: { list: tree } }));
  expect([...(await organisations()).keys()]).toEqual(['c1']);
  tree = [node('c1', '启明医院'), node('c2', '分院')];
  expect([...(await organisations()).keys()]).toEqual(['c1']); // kept
  transport.POST.mockResolvedValue({ code: 200, msg: '新建成功', data: null });
  await createDepartment({ fullName: '分院', enCode: 'fy', parentId: '-1' } as never);
  expect([...(await organisations()).keys()]).toEqual(['c1', 'c2']);
});
