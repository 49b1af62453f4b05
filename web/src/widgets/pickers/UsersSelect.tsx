/**
 * The mixed picker of users, departments, roles, positions and groups (UsersSelect, widget
 * spec 2.1, §3, §5; jnpf-wire-areas.md §1.9). Tabs 部门 (the lazy organisation tree with its
 * users, a keyword making it a paged user search), 角色 (Role/Selector), 岗位 (Position/Selector)
 * and 分组 (Group/Selector) (WGT-032) — the last three only in multiple mode (WGT-033), filtered
 * as typed. What may be picked is the rules core's answer (acceptsPickerType 'usersSelect':
 * users only in single mode; companies, departments, roles, positions, groups and users in
 * multiple mode, WGT-036), and each pick is stored as the core encodes it, `id--type`
 * (WGT-035). 已选 groups the picks under 部门, 岗位, 用户, 分组 and 角色, rebuilt with every change
 * (WGT-034). A stored value is named by Users/getSelectedList (ORG-018); `selectType="custom"`
 * offers one paged list of the users that `ableIds` (mixed ids) reach (getSelectedUserList,
 * ORG-013).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getGroupSelector, type GroupNode } from '@/api/group';
import type { SelectorNode } from '@/api/organize';
import { getPositionSelector } from '@/api/position';
import { getRoleSelector, type RoleNode } from '@/api/role';
import { getSelectedList, getSelectedUserList, PICKER_PAGE_SIZE } from '@/api/users';
import { loadCore } from '@/core';
import { useCore } from '@/hooks/useCore';
import { IdPicker, type PickerSource, type SelectedGroup } from './Picker';
import { UserPickerDialog, type UserPickerConfig, type UserTab } from './UserPickerDialog';
import { type PickerFieldProps } from './common';
import { toPickNodes, type PickNode } from './tree';

/** The mixed picker's key in the core's picker rules. */
const USERS_SELECT = 'usersSelect';

export interface UsersSelectProps extends PickerFieldProps {
  /** `id--type` (single) or a list of them. */
  value?: string | string[] | null;
  onChange?(value: string | string[]): void;
  selectType?: 'all' | 'custom';
  /** custom: the mixed ids (`id--type`) whose users are offered. */
  ableIds?: string[];
}

/** The 已选 headings' order and the types under each (WGT-034). */
const GROUP_OF_TYPE: Record<string, string> = { company: 'department', department: 'department', position: 'position', user: 'user', group: 'group', role: 'role' };

export function UsersSelect({ value, onChange, multiple = false, selectType = 'all', ableIds, title, ...field }: UsersSelectProps) {
  const { t } = useTranslation();
  const core = useCore();
  const ableKey = (ableIds ?? []).join(',');
  const names = {
    department: t('picker.departmentTab'),
    role: t('picker.roleTab'),
    position: t('picker.positionTab'),
    group: t('picker.groupTab'),
    user: t('picker.userHeading'),
    all: t('picker.allData'),
  };
  const namesKey = Object.values(names).join('|');

  const source = useMemo<PickerSource<string>>(
    () => ({
      keyOf: (v) => v,
      resolve: async (values) => {
        const loaded = await loadCore();
        const { data } = await getSelectedList(values);
        // The answer's ids are bare: the type is appended again (jnpf-wire-areas.md §1.9).
        const named = new Map((data?.list ?? []).map((i) => [loaded.encodeMixedId(i.id, i.type), i.fullName]));
        return values.flatMap((v) => (named.has(v) ? [{ key: v, value: v, label: named.get(v) as string }] : []));
      },
    }),
    [],
  );

  const config = useMemo<UserPickerConfig>(() => {
    const encode = (id: string, type: string) => core?.encodeMixedId(id, type) ?? '';
    // A tab offers its own type only: the organisations above its roles or positions stay closed.
    const staticTree =
      <N extends { id: string; fullName: string; type: string; children?: N[] | null }>(own: string, keyOf: (n: N) => string) =>
      (list: readonly N[]): PickNode<string>[] =>
        toPickNodes<N, string>(list, (n) => ({ key: keyOf(n), id: n.id, title: n.fullName, type: n.type, pickable: n.type === own }));
    let tabs: UserTab[];
    if (selectType === 'custom') {
      const ids = ableKey ? ableKey.split(',') : [];
      tabs = [
        {
          key: 'list',
          label: names.all,
          pane: {
            kind: 'paged',
            fetch: async (keyword, currentPage) => {
              const { data } = await getSelectedUserList({ pagination: { keyword, currentPage, pageSize: PICKER_PAGE_SIZE }, userId: ids });
              return { rows: (data?.list ?? []).map((u) => ({ id: u.id, fullName: u.fullName, type: 'user', headIcon: u.headIcon, organize: u.organize })) };
            },
          },
        },
      ];
    } else {
      tabs = [{ key: 'department', label: names.department, pane: { kind: 'tree' } }];
      if (multiple)
        tabs.push(
          {
            key: 'role',
            label: names.role,
            pane: { kind: 'static', load: async () => staticTree<RoleNode>('role', (n) => n.onlyId || `${n.type}:${n.id}`)((await getRoleSelector()).data.list) },
          },
          {
            key: 'position',
            label: names.position,
            pane: {
              kind: 'static',
              load: async () => staticTree<SelectorNode>('position', (n) => `${n.type}:${n.id}`)((await getPositionSelector()).data.list),
            },
          },
          {
            key: 'group',
            label: names.group,
            pane: {
              kind: 'static',
              load: async () => {
                const { data } = await getGroupSelector();
                return staticTree<GroupNode>('group', (n) => `${n.type}:${n.id}`)(Array.isArray(data) ? data : []);
              },
            },
          },
        );
    }
    const groups: SelectedGroup[] = ['department', 'position', 'user', 'group', 'role'].map((key) => ({ key, label: names[key as keyof typeof names] }));
    return {
      tabs,
      // WGT-036: the core says which types this mode holds.
      pickable: (c) => Boolean(core?.acceptsPickerType(USERS_SELECT, multiple, c.type)),
      itemOf: (c) => {
        const v = encode(c.id, c.type);
        return { key: v, value: v, label: c.fullName };
      },
      groups,
      groupOf: (item) => GROUP_OF_TYPE[core?.decodeMixedId(item.value)?.type ?? ''] ?? 'user',
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the names' texts
  }, [core, multiple, selectType, ableKey, namesKey]);

  return (
    <IdPicker {...field} title={title ?? t('picker.user')} multiple={multiple} value={value} onChange={onChange} source={source} renderDialog={(props) => <UserPickerDialog {...props} config={config} />} />
  );
}
