/**
 * The department picker (DepSelect, widget spec 2.1; jnpf-wire-areas.md §1.9): the whole
 * organisation tree (Department/Selector/0), or with `selectType="custom"` the organisations
 * `ableDepIds` and below (OrganizeCondition, ORG-010); only departments can be picked
 * (WGT-013). A value is a department id (single, '' when empty: WGT-011) or a list of ids.
 * Titled 选择部门 (WGT-018). A picked department shows its names from the top.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getDepartmentSelector, getOrganizeCondition, type SelectorNode } from '@/api/organize';
import { IdPicker, type PickerSource } from './Picker';
import { organisations } from './lookups';
import { toPickNodes } from './tree';
import { type PickerFieldProps, type SelectType } from './common';

export interface DepSelectProps extends PickerFieldProps {
  value?: string | string[] | null;
  onChange?(value: string | string[]): void;
  selectType?: SelectType;
  /** custom: the organisations offered (with what is below them). */
  ableDepIds?: string[];
}

const label = (n: SelectorNode) => n.lastFullName || n.organize || n.fullName;

export function DepSelect({ value, onChange, multiple = false, selectType = 'all', ableDepIds, title, ...field }: DepSelectProps) {
  const { t } = useTranslation();
  const ableKey = (ableDepIds ?? []).join(',');

  const source = useMemo<PickerSource<string>>(
    () => ({
      keyOf: (id) => id,
      load: async () => {
        const list =
          selectType === 'custom'
            ? (await getOrganizeCondition({ keyword: '', departIds: ableKey ? ableKey.split(',') : [] })).data.list
            : (await getDepartmentSelector('0')).data.list;
        return toPickNodes<SelectorNode, string>(list, (n) => ({
          key: n.id,
          id: n.id,
          title: n.fullName,
          type: n.type,
          pickable: n.type === 'department',
          disabled: n.disabled,
          item: { key: n.id, value: n.id, label: label(n) },
        }));
      },
      resolve: async (ids) => {
        const known = await organisations();
        return ids.flatMap((id) => {
          const node = known.get(id);
          return node ? [{ key: id, value: id, label: label(node) }] : [];
        });
      },
    }),
    [selectType, ableKey],
  );

  return (
    <IdPicker {...field} title={title ?? t('picker.department')} multiple={multiple} value={value} onChange={onChange} source={source} />
  );
}
