/**
 * The user picker (UserSelect, widget spec 2.1, §4.1, §6; jnpf-wire-areas.md §1.9). Titled
 * 选择用户 unless given another title (WGT-022). A value is a user id (single, '' when empty:
 * WGT-011) or a list of ids; only users can be picked (WGT-013). Stored ids are named by
 * Users/getUserList (ORG-014), the pseudo id currentUser as 当前用户 (ORG-006).
 *
 * selectType (WGT-023):
 * - `all`: the tabs 全部数据 (the lazy organisation tree, a keyword making it a paged search),
 *   当前组织 (Users/getOrganization, ORG-015) and 我的下属 (Users/getSubordinates, ORG-016)
 *   (WGT-024), and with `hasSys` 系统变量, holding 当前用户 (WGT-025 once a screen passes it);
 * - `custom`, `dep`, `pos`, `role`, `group`: one flat list titled 全部数据 (WGT-026) of the users
 *   of the given ids, departments, positions, roles or groups, paged by scroll
 *   (Users/UserCondition, ORG-013, ORG-017).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getOrganizationUsers,
  getSubordinateUsers,
  getUserCondition,
  getUsersByIds,
  PICKER_PAGE_SIZE,
  type UserConditionBody,
  type UserItem,
} from '@/api/users';
import { IdPicker, type PickerSource } from './Picker';
import { UserPickerDialog, type Choice, type UserPickerConfig, type UserTab } from './UserPickerDialog';
import { type PickerFieldProps } from './common';
import type { PickItem } from './tree';

/** The pseudo user of the 系统变量 tab: whoever fills the form (ORG-006). */
export const CURRENT_USER = 'currentUser';

export type UserSelectType = 'all' | 'custom' | 'dep' | 'pos' | 'role' | 'group';

export interface UserSelectProps extends PickerFieldProps {
  value?: string | string[] | null;
  onChange?(value: string | string[]): void;
  selectType?: UserSelectType;
  /** custom: the users offered. */
  ableIds?: string[];
  /** dep: the departments whose users are offered. */
  ableDepIds?: string[];
  /** pos: the positions whose holders are offered. */
  ablePosIds?: string[];
  /** role: the roles whose members are offered. */
  ableRoleIds?: string[];
  /** group: the groups whose members are offered. */
  ableGroupIds?: string[];
  /** Offer the 系统变量 tab with 当前用户 (selectType all only). */
  hasSys?: boolean;
}

const userChoice = (u: UserItem): Choice => ({ id: u.id, fullName: u.fullName, type: 'user', headIcon: u.headIcon, organize: u.organize });
const split = (csv: string) => (csv ? csv.split(',') : []);

/** Which users a user picker offers: UserSelectProps' choice of them. */
export type UserChoiceProps = Pick<UserSelectProps, 'selectType' | 'ableIds' | 'ableDepIds' | 'ablePosIds' | 'ableRoleIds' | 'ableGroupIds' | 'hasSys'>;

/**
 * The user picker's names of stored values and its dialog's tabs, for UserSelect and for
 * dialogs that pick users without a field (the members of a role, position or group).
 */
export function useUserPicker({ selectType = 'all', ableIds, ableDepIds, ablePosIds, ableRoleIds, ableGroupIds, hasSys }: UserChoiceProps): {
  source: PickerSource<string>;
  config: UserPickerConfig;
} {
  const { t } = useTranslation();
  const currentName = t('picker.currentUser');
  const labels = { all: t('picker.allData'), organization: t('picker.currentOrganize'), subordinates: t('picker.subordinates'), system: t('picker.systemVariable') };
  const ids = [ableIds, ableDepIds, ablePosIds, ableRoleIds, ableGroupIds].map((l) => (l ?? []).join(','));
  const idsKey = ids.join('|');

  const source = useMemo<PickerSource<string>>(
    () => ({
      keyOf: (id) => id,
      resolve: async (values) => {
        const real = values.filter((v) => v !== CURRENT_USER);
        const found = real.length ? (await getUsersByIds(real)).data.list : [];
        const named = new Map(found.map((u) => [u.id, u.fullName]));
        return values.flatMap((id): PickItem<string>[] => {
          if (id === CURRENT_USER) return [{ key: id, value: id, label: currentName }];
          const label = named.get(id);
          return label ? [{ key: id, value: id, label }] : [];
        });
      },
    }),
    [currentName],
  );

  const config = useMemo<UserPickerConfig>(() => {
    let tabs: UserTab[];
    if (selectType === 'all') {
      tabs = [
        { key: 'all', label: labels.all, pane: { kind: 'tree' } },
        {
          key: 'organization',
          label: labels.organization,
          pane: { kind: 'paged', fetch: async (keyword) => ({ rows: ((await getOrganizationUsers(keyword)).data ?? []).map(userChoice), whole: true }) },
        },
        {
          key: 'subordinates',
          label: labels.subordinates,
          pane: { kind: 'paged', fetch: async (keyword) => ({ rows: ((await getSubordinateUsers(keyword)).data ?? []).map(userChoice), whole: true }) },
        },
      ];
      if (hasSys)
        tabs.push({
          key: 'system',
          label: labels.system,
          pane: { kind: 'paged', fetch: async () => ({ rows: [{ id: CURRENT_USER, fullName: currentName, type: 'user' }], whole: true }) },
        });
    } else {
      const [users, deps, poss, roles, groups] = idsKey.split('|').map(split);
      const body = (keyword: string, currentPage: number): UserConditionBody => {
        const b: UserConditionBody = { pagination: { keyword, currentPage, pageSize: PICKER_PAGE_SIZE } };
        // Only the matching list is filled (jnpf-wire-areas.md §1.9).
        if (selectType === 'custom') {
          b.userIds = users;
          b.departIds = deps;
          b.positionIds = poss;
          b.roleIds = roles;
          b.groupIds = groups;
        } else if (selectType === 'dep') b.departIds = deps;
        else if (selectType === 'pos') b.positionIds = poss;
        else if (selectType === 'role') b.roleIds = roles;
        else b.groupIds = groups;
        return b;
      };
      tabs = [
        {
          key: 'list',
          label: labels.all,
          pane: { kind: 'paged', fetch: async (keyword, page) => ({ rows: ((await getUserCondition(body(keyword, page))).data?.list ?? []).map(userChoice) }) },
        },
      ];
    }
    return {
      tabs,
      pickable: (c) => c.type === 'user',
      itemOf: (c) => ({ key: c.id, value: c.id, label: c.fullName }),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the labels' texts
  }, [selectType, idsKey, hasSys, currentName, labels.all, labels.organization, labels.subordinates, labels.system]);

  return { source, config };
}

export function UserSelect({
  value,
  onChange,
  multiple = false,
  selectType = 'all',
  ableIds,
  ableDepIds,
  ablePosIds,
  ableRoleIds,
  ableGroupIds,
  hasSys,
  title,
  ...field
}: UserSelectProps) {
  const { t } = useTranslation();
  const { source, config } = useUserPicker({ selectType, ableIds, ableDepIds, ablePosIds, ableRoleIds, ableGroupIds, hasSys });

  return (
    <IdPicker {...field} title={title ?? t('picker.user')} multiple={multiple} value={value} onChange={onChange} source={source} renderDialog={(props) => <UserPickerDialog {...props} config={config} />} />
  );
}
