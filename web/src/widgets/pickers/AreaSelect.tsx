/**
 * The area picker (省市区, widget spec 2.5 and 4.5; AREA-001..005): a field that shows the
 * names of its value (`GetAreaByIds`, joined by '/') and opens a dialog titled with the field's
 * label with two panes — the lazy tree of the areas (`Area/{id}/Selector/{currId}`, root -1,
 * each node's children asked for when it opens) and the selected list with remove-one and
 * 清空列表 — and 取消 / 确定.
 *
 * Clicking a leaf adds its path: single mode replaces, multiple ignores a path already chosen.
 * A node at the depth `level` (default 2, districts) is a leaf whatever lies below it. The value
 * is the ordered id path from the province (single) or a list of paths (multiple); an empty
 * single confirm gives []. Confirm writes the pending selection, cancel leaves the value.
 *
 * `branches` lets any node be picked (the area form's parent), with 顶级节点 (-1) above the
 * provinces when `topNode` is set; `currId` (the area being edited) is left out of the tree.
 */
import { useEffect, useRef, useState, type Key } from 'react';
import { Empty, Select, Spin, Tree } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AREA_ROOT, getAreaByIds, getAreaSelector } from '@/api/area';
import { DEFAULT_AREA_LEVEL, TOP_KEY, addPick, areaNodes, areaPaths, findArea, pathKey, withChildren, type AreaNode } from './area';
import { PickerModal, SelectedPane } from './Picker';
import type { PickItem } from './tree';
import type { PickerFieldProps } from './common';
import './pickers.css';

type Path = string[];

type Pick = PickItem<Path>;

export interface AreaSelectProps extends PickerFieldProps {
  /** An id path (single) or a list of them (multiple). */
  value?: Path | Path[] | null;
  onChange?(value: Path | Path[]): void;
  /** The depth forced to be a leaf: 0 province, 1 city, 2 district (default), 3 street. */
  level?: number;
  /** Any node may be picked, not only leaves. */
  branches?: boolean;
  /** Offer 顶级节点 (-1) above the provinces. */
  topNode?: boolean;
  /** The area being edited: left out with what is below it. */
  currId?: string;
}

export function AreaSelect({
  value,
  onChange,
  multiple = false,
  level = DEFAULT_AREA_LEVEL,
  branches = false,
  topNode = false,
  currId = '0',
  title,
  disabled,
  clearable = true,
  placeholder,
  id,
  className,
}: AreaSelectProps) {
  const { t } = useTranslation();
  const topName = t('picker.topNode');
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<Map<string, Pick>>(() => new Map());
  const paths = areaPaths(value, multiple);
  const keys = paths.map(pathKey);
  const keysText = keys.join('\n');

  // AREA-005: the names of stored paths not learnt from the dialog.
  const pathsRef = useRef(paths);
  pathsRef.current = paths;
  useEffect(() => {
    const missing = pathsRef.current.filter((p) => !known.has(pathKey(p)));
    if (!missing.length) return;
    let alive = true;
    const top = missing.filter((p) => p.length === 1 && p[0] === AREA_ROOT);
    const asked = missing.filter((p) => !(p.length === 1 && p[0] === AREA_ROOT));
    const named = (names: string[][]) => {
      if (!alive) return;
      const found: Pick[] = [
        ...top.map((p) => ({ key: pathKey(p), value: p, label: topName })),
        ...asked.flatMap((p, i) => (names[i]?.length ? [{ key: pathKey(p), value: p, label: names[i].join('/') }] : [])),
      ];
      if (found.length) setKnown((old) => new Map([...old, ...found.map((f) => [f.key, f] as const)]));
    };
    if (!asked.length) named([]);
    else getAreaByIds(asked).then(({ data }) => named(Array.isArray(data) ? data : []), () => undefined);
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the value's paths
  }, [keysText]);

  const items: Pick[] = paths.map((p, i) => known.get(keys[i]) ?? { key: keys[i], value: p, label: keys[i] });
  const emit = (picked: Pick[]) => onChange?.(multiple ? picked.map((p) => p.value) : (picked[0]?.value ?? []));

  const confirm = (picked: Pick[]) => {
    setKnown((old) => new Map([...old, ...picked.map((p) => [p.key, p] as const)]));
    setOpen(false);
    emit(picked);
  };

  return (
    <>
      <Select<string | string[]>
        id={id}
        className={`qm-picker qm-area-select${className ? ` ${className}` : ''}`}
        mode={multiple ? 'multiple' : undefined}
        open={false}
        onOpenChange={(next) => next && setOpen(true)}
        showSearch={false}
        value={multiple ? keys : (keys[0] ?? undefined)}
        options={items.map((i) => ({ value: i.key, label: i.label }))}
        onChange={(next) => {
          const left = new Set(next == null ? [] : Array.isArray(next) ? next : [next]);
          emit(items.filter((i) => left.has(i.key)));
        }}
        allowClear={clearable}
        disabled={disabled}
        placeholder={placeholder ?? t('picker.placeholder')}
        suffixIcon={<EnvironmentOutlined />}
        notFoundContent={null}
        style={{ width: '100%' }}
      />
      <AreaDialog
        open={open}
        title={title ?? t('area.pickerTitle')}
        multiple={multiple}
        level={level}
        branches={branches}
        topNode={topNode}
        currId={currId}
        initial={items}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
}

interface DialogProps {
  open: boolean;
  title: string;
  multiple: boolean;
  level: number;
  branches: boolean;
  topNode: boolean;
  currId: string;
  initial: Pick[];
  onCancel(): void;
  onConfirm(picked: Pick[]): void;
}

type TreeData = { key: string; title: string; isLeaf: boolean; children?: TreeData[] };

function treeData(nodes: AreaNode[]): TreeData[] {
  return nodes.map((n) => ({ key: n.key, title: n.title, isLeaf: n.isLeaf, children: n.children ? treeData(n.children) : undefined }));
}

function AreaDialog({ open, title, multiple, level, branches, topNode, currId, initial, onCancel, onConfirm }: DialogProps) {
  const { t } = useTranslation();
  const topName = t('picker.topNode');
  const [tree, setTree] = useState<AreaNode[]>([]);
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState<Pick[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const initialRef = useRef(initial);
  initialRef.current = initial;

  // Each opening starts afresh: the value as the pending selection, the provinces asked for.
  useEffect(() => {
    if (!open) return;
    let alive = true;
    setPending(initialRef.current);
    setExpanded(topNode ? [TOP_KEY] : []);
    setLoading(true);
    getAreaSelector(AREA_ROOT, currId).then(
      ({ data }) => {
        if (!alive) return;
        const provinces = areaNodes(data?.list ?? [], null, level);
        setTree(
          topNode
            ? [{ key: TOP_KEY, id: AREA_ROOT, title: topName, path: [AREA_ROOT], names: [topName], depth: -1, isLeaf: false, children: provinces }]
            : provinces,
        );
        setLoading(false);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open]);

  const loadChildren = async (key: string) => {
    const node = findArea(tree, key);
    if (!node || node.children || node.isLeaf) return;
    try {
      const { data } = await getAreaSelector(node.id, currId);
      // Below 顶级节点 the paths start at the province.
      const parent = node.key === TOP_KEY ? null : node;
      setTree((old) => withChildren(old, key, areaNodes(data?.list ?? [], parent, level)));
    } catch {
      // The HTTP client has said why; the node can be opened again.
    }
  };

  const pick = (key: string) => {
    const node = findArea(tree, key);
    if (!node) return;
    if (!node.isLeaf && !branches) {
      // Only leaves are picked: a branch opens instead.
      setExpanded((old) => (old.includes(key) ? old.filter((k) => k !== key) : [...old, key]));
      return;
    }
    const item: Pick =
      node.key === TOP_KEY
        ? { key: TOP_KEY, value: [AREA_ROOT], label: topName }
        : { key: node.key, value: node.path, label: node.names.join('/') };
    setPending((old) => addPick(old, item, multiple));
  };

  return (
    <PickerModal open={open} title={title} className="qm-area-dialog" onCancel={onCancel} onConfirm={() => onConfirm(pending)}>
      <div className="qm-picker-pane qm-picker-choices">
        <div className="qm-picker-tree" aria-label={t('area.tree')}>
          {loading ? (
            <Spin />
          ) : tree.length ? (
            <Tree
              blockNode
              treeData={treeData(tree)}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys)}
              loadData={(node) => loadChildren(String(node.key))}
              selectedKeys={pending.map((p) => p.key)}
              multiple={multiple}
              onSelect={(_keys, info) => pick(String(info.node.key))}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
          )}
        </div>
      </div>
      <SelectedPane pending={pending} onPending={setPending} />
    </PickerModal>
  );
}
