/**
 * The group picker (GroupSelect, widget spec 2.1; jnpf-wire-areas.md §1.6, §1.9): each group
 * type with its enabled groups (Group/Selector, whose `data` is the tree itself), or with
 * `selectType="custom"` only the groups `ableIds` (GroupCondition, ROLE-005); only groups can
 * be picked (WGT-013, ROLE-001). A value is a group id (single, '' when empty: WGT-011) or a
 * list of ids. Titled 分组选择 (WGT-017).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getGroupCondition, getGroupSelector, type GroupNode } from '@/api/group';
import { IdPicker, type PickerSource } from './Picker';
import { groups } from './lookups';
import { toPickNodes } from './tree';
import { type PickerFieldProps, type SelectType } from './common';

export interface GroupSelectProps extends PickerFieldProps {
  value?: string | string[] | null;
  onChange?(value: string | string[]): void;
  selectType?: SelectType;
  /** custom: the groups offered. */
  ableIds?: string[];
}

export function GroupSelect({ value, onChange, multiple = false, selectType = 'all', ableIds, title, ...field }: GroupSelectProps) {
  const { t } = useTranslation();
  const ableKey = (ableIds ?? []).join(',');

  const source = useMemo<PickerSource<string>>(
    () => ({
      keyOf: (id) => id,
      load: async () => {
        const tree: GroupNode[] =
          selectType === 'custom'
            ? (await getGroupCondition({ keyword: '', ids: ableKey ? ableKey.split(',') : [] })).data.list
            : (await getGroupSelector()).data;
        // A group type's id is a dictionary item's: the key keeps it apart from the groups'.
        return toPickNodes<GroupNode, string>(Array.isArray(tree) ? tree : [], (n) => ({
          key: n.type === 'group' ? n.id : `${n.type}:${n.id}`,
          id: n.id,
          title: n.fullName,
          type: n.type,
          pickable: n.type === 'group',
          item: { key: n.id, value: n.id, label: n.fullName },
        }));
      },
      resolve: async (ids) => {
        const known = await groups();
        return ids.flatMap((id) => {
          const g = known.get(id);
          return g ? [{ key: id, value: id, label: g.fullName }] : [];
        });
      },
    }),
    [selectType, ableKey],
  );

  return (
    <IdPicker {...field} title={title ?? t('picker.group')} multiple={multiple} value={value} onChange={onChange} source={source} />
  );
}
