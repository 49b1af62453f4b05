/**
 * The organisation picker (ComSelect, widget spec 2.1; jnpf-wire-areas.md §1.3, §1.9): a
 * value is an organisation's id path from the top (single), or a list of paths (multiple);
 * duplicates are judged by the joined path (WGT-010) and an empty single confirm gives []
 * (WGT-011). Titled 选择组织 (WGT-015). Modes (WGT-016): every organisation
 * (Department/Selector/0), `auth` — what the caller may manage (Department/SelectorByAuth),
 * `isOnlyOrg` — companies only (Organize/SelectorByAuth), and `selectType="custom"` — the
 * organisations `ableDepIds` and below (OrganizeCondition). `topNode` offers the virtual
 * 顶级节点 (id -1, ORG-002) above them, for a company's parent.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getCompanySelectorByAuth,
  getDepartmentSelector,
  getDepartmentSelectorByAuth,
  getOrganizeCondition,
  type SelectorNode,
} from '@/api/organize';
import { Picker, type PickerSource } from './Picker';
import { organisations } from './lookups';
import { toPickNodes, type PickItem, type PickNode } from './tree';
import type { PickerFieldProps, SelectType } from './common';

/** ORG-002: the virtual top node. */
export const TOP_NODE_ID = '-1';

type Path = string[];

export interface ComSelectProps extends PickerFieldProps {
  /** An id path (single) or a list of them (multiple). */
  value?: Path | Path[] | null;
  onChange?(value: Path | Path[]): void;
  /** What the caller may manage only. */
  auth?: boolean;
  /** Companies only. */
  isOnlyOrg?: boolean;
  /** The organisation being edited: it and what is below it are not offered. */
  currOrgId?: string;
  selectType?: SelectType;
  /** custom: the organisations offered (with what is below them). */
  ableDepIds?: string[];
  /** Offer 顶级节点 (id -1) above the tree. */
  topNode?: boolean;
  /** The edited company's parent: a top company ('-1') is offered only 顶级节点. */
  parentId?: string;
}

const keyOf = (path: Path) => path.join(',');

function isPath(value: unknown): value is Path {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');
}

export function ComSelect({
  value,
  onChange,
  multiple = false,
  auth,
  isOnlyOrg,
  currOrgId = '0',
  selectType = 'all',
  ableDepIds,
  topNode,
  parentId,
  title,
  ...field
}: ComSelectProps) {
  const { t } = useTranslation();
  const topName = t('picker.topNode');
  const values: Path[] = multiple ? (Array.isArray(value) ? (value as unknown[]).filter(isPath) : []) : isPath(value) ? [value] : [];
  const ableKey = (ableDepIds ?? []).join(',');

  const source = useMemo<PickerSource<Path>>(() => {
    const top = (children: PickNode<Path>[]): PickNode<Path> => ({
      key: TOP_NODE_ID,
      id: TOP_NODE_ID,
      title: topName,
      type: 'company',
      pickable: true,
      item: { key: TOP_NODE_ID, value: [TOP_NODE_ID], label: topName },
      children,
    });
    const load = async (): Promise<PickNode<Path>[]> => {
      // A top company stays at the top: only its own 顶级节点 (the client asks nothing).
      if (topNode && parentId === TOP_NODE_ID && currOrgId !== '0') return [top([])];
      let list: SelectorNode[];
      if (selectType === 'custom') list = (await getOrganizeCondition({ keyword: '', departIds: ableKey ? ableKey.split(',') : [] })).data.list;
      // The server offers administrators 顶级节点 (-1) first, for the JNPF client; here it is
      // `topNode`'s to add, above the companies.
      else if (isOnlyOrg) list = (await getCompanySelectorByAuth(currOrgId)).data.list.filter((n) => n.id !== TOP_NODE_ID);
      else if (auth) list = (await getDepartmentSelectorByAuth(currOrgId)).data.list;
      else list = (await getDepartmentSelector('0')).data.list;
      const nodes = toPickNodes<SelectorNode, Path>(list, (n) => ({
        key: keyOf(n.organizeIds),
        id: n.id,
        title: n.fullName,
        type: n.type,
        pickable: true,
        disabled: n.disabled,
        item: { key: keyOf(n.organizeIds), value: n.organizeIds, label: n.organize || n.fullName },
      }));
      return topNode ? [top(nodes)] : nodes;
    };
    const resolve = async (paths: Path[]): Promise<PickItem<Path>[]> => {
      const known = paths.some((p) => !(p.length === 1 && p[0] === TOP_NODE_ID)) ? await organisations() : new Map<string, SelectorNode>();
      return paths.flatMap((path) => {
        if (path.length === 1 && path[0] === TOP_NODE_ID) return [{ key: keyOf(path), value: path, label: topName }];
        const node = known.get(path[path.length - 1]);
        return node ? [{ key: keyOf(path), value: path, label: node.organize || node.fullName }] : [];
      });
    };
    return { load, resolve, keyOf };
  }, [auth, isOnlyOrg, currOrgId, selectType, ableKey, topNode, parentId, topName]);

  return (
    <Picker<Path>
      {...field}
      title={title ?? t('picker.organize')}
      multiple={multiple}
      values={values}
      onValues={(next) => onChange?.(multiple ? next : (next[0] ?? []))}
      source={source}
    />
  );
}
