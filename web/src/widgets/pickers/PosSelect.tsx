/**
 * The position picker (PosSelect, widget spec 2.1; jnpf-wire-areas.md §1.4, §1.9):
 * organisations with their positions (Position/Selector), or with `selectType="custom"` only
 * the organisations `ableDepIds` and the positions `ablePosIds` (PositionCondition,
 * ROLE-006); only positions can be picked (WGT-013, ROLE-002). A value is a position id
 * (single, '' when empty: WGT-011) or a list of ids, named from Position/All. Titled 选择岗位
 * (WGT-019).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getPositionCondition, getPositionSelector } from '@/api/position';
import type { SelectorNode } from '@/api/organize';
import { IdPicker, type PickerSource } from './Picker';
import { positions } from './lookups';
import { toPickNodes } from './tree';
import { type PickerFieldProps, type SelectType } from './common';

export interface PosSelectProps extends PickerFieldProps {
  value?: string | string[] | null;
  onChange?(value: string | string[]): void;
  selectType?: SelectType;
  /** custom: the organisations whose positions are offered. */
  ableDepIds?: string[];
  /** custom: the positions offered. */
  ablePosIds?: string[];
}

export function PosSelect({ value, onChange, multiple = false, selectType = 'all', ableDepIds, ablePosIds, title, ...field }: PosSelectProps) {
  const { t } = useTranslation();
  const depKey = (ableDepIds ?? []).join(',');
  const posKey = (ablePosIds ?? []).join(',');

  const source = useMemo<PickerSource<string>>(
    () => ({
      keyOf: (id) => id,
      load: async () => {
        const list =
          selectType === 'custom'
            ? (
                await getPositionCondition({
                  keyword: '',
                  departIds: depKey ? depKey.split(',') : [],
                  positionIds: posKey ? posKey.split(',') : [],
                })
              ).data.list
            : (await getPositionSelector()).data.list;
        // Organisations and positions live in different tables: the key keeps them apart.
        return toPickNodes<SelectorNode, string>(list, (n) => ({
          key: n.type === 'position' ? n.id : `${n.type}:${n.id}`,
          id: n.id,
          title: n.fullName,
          type: n.type,
          pickable: n.type === 'position',
          disabled: n.disabled,
          item: { key: n.id, value: n.id, label: n.fullName },
        }));
      },
      resolve: async (ids) => {
        const known = await positions();
        return ids.flatMap((id) => {
          const p = known.get(id);
          return p ? [{ key: id, value: id, label: p.fullName }] : [];
        });
      },
    }),
    [selectType, depKey, posKey],
  );

  return (
    <IdPicker {...field} title={title ?? t('picker.position')} multiple={multiple} value={value} onChange={onChange} source={source} />
  );
}
