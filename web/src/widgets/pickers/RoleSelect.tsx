/**
 * The role picker (RoleSelect, widget spec 2.1; jnpf-wire-areas.md §1.5, §1.9): Role/Selector's
 * tree, whose top node '1' holds the global roles and whose other top nodes are organisations
 * with their roles (ROLE-008). With selectType all the left pane has the tabs 组织 and 全局
 * (WGT-021); with `selectType="custom"` one tree of the roles `ableIds` (RoleCondition). A role
 * hangs under each of its organisations, so a node's key is its onlyId (ROLE-003) while the
 * pick is the role's id; only roles can be picked (WGT-013). A value is a role id (single,
 * '' when empty: WGT-011) or a list of ids. Titled 选择角色 (WGT-020).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GLOBAL_ROLE_NODE, getRoleCondition, getRoleSelector, type RoleNode } from '@/api/role';
import { IdPicker, type PickerSource, type PickerTab } from './Picker';
import { roles } from './lookups';
import { toPickNodes, type PickNode } from './tree';
import { type PickerFieldProps, type SelectType } from './common';

export interface RoleSelectProps extends PickerFieldProps {
  value?: string | string[] | null;
  onChange?(value: string | string[]): void;
  selectType?: SelectType;
  /** custom: the roles offered. */
  ableIds?: string[];
}

export function RoleSelect({ value, onChange, multiple = false, selectType = 'all', ableIds, title, ...field }: RoleSelectProps) {
  const { t } = useTranslation();
  const ableKey = (ableIds ?? []).join(',');
  const organizeTab = t('picker.organizeTab');
  const globalTab = t('picker.globalTab');

  const source = useMemo<PickerSource<string>>(
    () => ({
      keyOf: (id) => id,
      load: async () => {
        const tree =
          selectType === 'custom'
            ? (await getRoleCondition({ keyword: '', ids: ableKey ? ableKey.split(',') : [] })).data.list
            : (await getRoleSelector()).data.list;
        return toPickNodes<RoleNode, string>(tree, (n) => ({
          key: n.onlyId || n.id,
          id: n.id,
          title: n.fullName,
          type: n.type !== 'role' && n.id === GLOBAL_ROLE_NODE ? 'global' : n.type,
          pickable: n.type === 'role',
          disabled: n.disabled,
          item: { key: n.id, value: n.id, label: n.fullName },
        }));
      },
      resolve: async (ids) => {
        const known = await roles();
        return ids.flatMap((id) => {
          const r = known.get(id);
          return r ? [{ key: id, value: id, label: r.fullName }] : [];
        });
      },
    }),
    [selectType, ableKey],
  );

  // WGT-021: 组织 — the organisations with their roles; 全局 — the global roles under '1'.
  const tabs = useMemo<PickerTab<string>[] | undefined>(() => {
    if (selectType !== 'all') return undefined;
    const isGlobal = (n: PickNode<string>) => n.id === GLOBAL_ROLE_NODE && n.type === 'global';
    return [
      { key: 'organize', label: organizeTab, nodes: (all) => all.filter((n) => !isGlobal(n)) },
      { key: 'global', label: globalTab, nodes: (all) => all.filter(isGlobal).flatMap((n) => n.children) },
    ];
  }, [selectType, organizeTab, globalTab]);

  return (
    <IdPicker {...field} title={title ?? t('picker.role')} multiple={multiple} value={value} onChange={onChange} source={source} tabs={tabs} />
  );
}
