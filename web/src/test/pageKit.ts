// What the administration pages' tests share: the organisation tree the left-hand tree and the
// organisation picker answer with (总院 › 外科), and the members dialog's round (分组成员,
// 岗位成员): the members named, one removed, 保存 posts the rest. The test file mocks
// '@/api/relation' and '@/api/users' (jest.mock); this kit drives those mocks.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as dictionary from '@/api/dictionary';
import type { SelectorNode } from '@/api/organize';
import * as relation from '@/api/relation';
import * as users from '@/api/users';
import { buttonNamed } from './renderPage';

/** 外科 under 总院, as Organize/Selector answers. */
export const SURGERY: SelectorNode = {
  id: 'd1',
  parentId: 'c1',
  fullName: '外科',
  type: 'department',
  icon: '',
  organize: '总院/外科',
  organizeIds: ['c1', 'd1'],
  lastFullName: '总院/外科',
  disabled: false,
  hasChildren: false,
  isLeaf: true,
  children: [],
};
export const ORG_TREE: SelectorNode[] = [
  { ...SURGERY, id: 'c1', parentId: '-1', fullName: '总院', type: 'company', organize: '总院', organizeIds: ['c1'], lastFullName: null, hasChildren: true, isLeaf: false, children: [SURGERY] },
];

/**
 * Opens `row`'s members (the link `${title} ${name}`), checks the dialog names both members,
 * removes 李四 and saves: the rest is posted for `id` with `kind`.
 */
export async function membersRound({ title, name, id, kind }: { title: string; name: string; id: string; kind: relation.MemberObject }) {
  const rel = relation as jest.Mocked<typeof relation>;
  const usr = users as jest.Mocked<typeof users>;
  rel.getMembers.mockResolvedValue({ code: 200, msg: '', data: { ids: ['u1', 'u2'] } });
  rel.setMembers.mockResolvedValue({ code: 200, msg: '保存成功', data: null });
  const item = (uid: string, fullName: string) => ({ id: uid, fullName, realName: '', account: '', headIcon: '', organize: '总院/外科', type: 'user', icon: '' });
  usr.getUsersByIds.mockResolvedValue({ code: 200, msg: '', data: { list: [item('u1', '张三/zhangsan'), item('u2', '李四/lisi')] } });
  fireEvent.click(buttonNamed(`${title} ${name}`));
  const box = await waitFor(() => {
    const found = document.querySelector('.qm-members-dialog') as HTMLElement | null;
    if (!found) throw new Error('no members dialog');
    return found;
  });
  expect(within(box).getByText(title)).toBeTruthy();
  await within(box).findByText('李四/lisi');
  expect(rel.getMembers).toHaveBeenCalledWith(id);
  expect(within(box).getByText(`「${name}」的成员，共 2 人`)).toBeTruthy();
  fireEvent.click(buttonNamed('移除 李四/lisi', box));
  fireEvent.click(buttonNamed(/^保\s*存$/, box));
  await screen.findByText('保存成功');
  expect(rel.setMembers).toHaveBeenCalledWith(id, kind, ['u1']);
}

interface DictionaryAnswer {
  id: string;
  enCode: string;
  fullName: string;
  isTree?: number;
  dictionaryList: { id: string; enCode: string; fullName: string; enabledMark: number }[];
}

/** getDictionaryAll answers these dictionaries (the test file mocks '@/api/dictionary'). */
export function answerDictionaries(...list: DictionaryAnswer[]): void {
  (dictionary.getDictionaryAll as jest.Mock).mockResolvedValue({ code: 200, msg: '', data: { list } });
}

/** One page of `found` as a list call answers it for the query. */
export function pageOf<T>(found: T[], q: { currentPage: number; pageSize: number }) {
  const start = (q.currentPage - 1) * q.pageSize;
  return { code: 200, msg: '', data: { list: found.slice(start, start + q.pageSize), pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: found.length } } };
}
