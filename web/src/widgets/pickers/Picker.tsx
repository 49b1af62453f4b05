/**
 * The common picker of widget spec 2.1 / 4.1, which the organisation, department, position,
 * role and group pickers specialise (ComSelect.tsx, …): a field that shows the names of its
 * value and opens a dialog to choose.
 *
 * - The field is antd's Select, never opened as a dropdown: a click (or Enter) opens the
 *   dialog instead, so a disabled field — its own flag or the enclosing form's (WGT-012) —
 *   opens nothing. Its clear icon shows only while hovering, and only when the picker is
 *   clearable, enabled and has a value (WGT-004); closing a tag or clearing removes the entry
 *   and confirms at once (WGT-005).
 * - The dialog (WGT-001..003): 800px, modal, not closed by a click outside; a search box, the
 *   choices on the left (tabs when the picker has them), 已选 on the right with 清空列表,
 *   取消 and 确定. Opening resets the keyword and loads the choices (WGT-006); confirm writes
 *   the pending selection back (WGT-007); cancel leaves the value as it was (WGT-008). Single
 *   mode replaces the pick (WGT-009); multiple mode appends and ignores duplicates, judged by
 *   the item's key (WGT-010). Only nodes of the picker's own type can be picked (WGT-013).
 */
import { useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Button, Empty, Input, Modal, Select, Spin, Tabs, Tree } from 'antd';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { branchKeys, filterTree, flatten, type PickItem, type PickNode } from './tree';
import { NodeIcon } from './NodeIcon';
import './pickers.css';
import { idList, idValue } from './common';

/** The dialog is 800px wide (widget spec 2.1, §9). */
export const PICKER_DIALOG_WIDTH = 800;

/** A tab of the left pane: which part of the loaded tree it shows. */
export interface PickerTab<V> {
  key: string;
  label: string;
  nodes(all: PickNode<V>[]): PickNode<V>[];
}

/** Where a picker's choices and names come from. */
export interface PickerSource<V> {
  /**
   * The choices, asked for on every opening (WGT-006), for the tree dialog; a picker with its
   * own dialog (`renderDialog`: the user pickers' lazy tree and paged lists) loads its own.
   */
  load?(): Promise<PickNode<V>[]>;
  /** The names of stored values, for the field (values it cannot name are left out). */
  resolve(values: V[]): Promise<PickItem<V>[]>;
  /** The key of a value: what duplicates are judged by. */
  keyOf(value: V): string;
}

export interface PickerProps<V> {
  /** The dialog's title (选择组织, 选择部门, …). */
  title: string;
  multiple: boolean;
  /** The stored value as a list (one entry at most in single mode). */
  values: V[];
  /** Emits the new list (the concrete picker shapes it: '' or [] when empty in single mode). */
  onValues(values: V[]): void;
  source: PickerSource<V>;
  tabs?: PickerTab<V>[];
  disabled?: boolean;
  /** Offers the clear icon (default true). */
  clearable?: boolean;
  placeholder?: string;
  /** Set by Form.Item: the label points at the field. */
  id?: string;
  className?: string;
  /** Another dialog than the tree's (the user pickers'), with the same props. */
  renderDialog?(props: DialogProps<V>): ReactNode;
}

export interface IdPickerProps extends Omit<PickerProps<string>, 'values' | 'onValues'> {
  /** An id (single) or a list of ids (multiple). */
  value?: string | string[] | null;
  onChange?(value: string | string[]): void;
}

/** A picker whose value is an id, '' when none (single), or a list of ids (multiple): WGT-011. */
export function IdPicker({ value, onChange, multiple, ...props }: IdPickerProps) {
  return <Picker<string> {...props} multiple={multiple} values={idList(value, multiple)} onValues={(next) => onChange?.(idValue(next, multiple))} />;
}

export function Picker<V>({
  title,
  multiple,
  values,
  onValues,
  source,
  tabs,
  disabled,
  clearable = true,
  placeholder,
  id,
  className,
  renderDialog,
}: PickerProps<V>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Names learnt from the dialog or from the source, by key: the field shows them.
  const [known, setKnown] = useState<Map<string, PickItem<V>>>(() => new Map());
  const keys = values.map(source.keyOf);
  const keysText = keys.join('\n');

  // The names of a stored value that were not learnt yet.
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const valuesRef = useRef(values);
  valuesRef.current = values;
  useEffect(() => {
    const missing = valuesRef.current.filter((v) => !known.has(sourceRef.current.keyOf(v)));
    if (!missing.length) return;
    let alive = true;
    sourceRef.current.resolve(missing).then(
      (items) => {
        if (!alive || !items.length) return;
        setKnown((old) => new Map([...old, ...items.map((i) => [i.key, i] as const)]));
      },
      () => undefined, // the HTTP client has said why; the field shows what it has
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the value's keys
  }, [keysText]);

  const items: PickItem<V>[] = values.map((value, i) => known.get(keys[i]) ?? { key: keys[i], value, label: keys[i] });
  const options = items.map((i) => ({ value: i.key, label: i.label }));

  const confirm = (picked: PickItem<V>[]) => {
    setKnown((old) => new Map([...old, ...picked.map((i) => [i.key, i] as const)]));
    setOpen(false);
    onValues(picked.map((i) => i.value));
  };

  // A tag closed or the field cleared: the remaining entries, at once (WGT-005).
  const onSelectChange = (next: string | string[] | undefined | null) => {
    const left = new Set(next == null ? [] : Array.isArray(next) ? next : [next]);
    onValues(items.filter((i) => left.has(i.key)).map((i) => i.value));
  };

  return (
    <>
      <Select<string | string[]>
        id={id}
        className={`qm-picker${className ? ` ${className}` : ''}`}
        mode={multiple ? 'multiple' : undefined}
        open={false}
        onOpenChange={(next) => {
          if (next) setOpen(true);
        }}
        showSearch={false}
        value={multiple ? keys : (keys[0] ?? undefined)}
        options={options}
        onChange={onSelectChange}
        allowClear={clearable}
        disabled={disabled}
        placeholder={placeholder ?? t('picker.placeholder')}
        suffixIcon={<SearchOutlined />}
        notFoundContent={null}
        style={{ width: '100%' }}
      />
      {(renderDialog ?? ((props: DialogProps<V>) => <PickerDialog<V> {...props} />))({
        open,
        title,
        multiple,
        initial: items,
        source,
        tabs,
        onCancel: () => setOpen(false),
        onConfirm: confirm,
      })}
    </>
  );
}

export interface DialogProps<V> {
  open: boolean;
  title: string;
  multiple: boolean;
  /** The value when the dialog opens: the pending selection starts from it. */
  initial: PickItem<V>[];
  source: PickerSource<V>;
  tabs?: PickerTab<V>[];
  onCancel(): void;
  onConfirm(items: PickItem<V>[]): void;
}

type TreeData = { key: string; title: string; icon: ReactNode; selectable: boolean; disabled: boolean; children: TreeData[] };

function treeData<V>(nodes: PickNode<V>[]): TreeData[] {
  return nodes.map((n) => ({
    key: n.key,
    title: n.title,
    icon: <NodeIcon type={n.type} />,
    selectable: n.pickable && !n.disabled,
    disabled: Boolean(n.disabled),
    children: treeData(n.children),
  }));
}

export function PickerDialog<V>({ open, title, multiple, initial, source, tabs, onCancel, onConfirm }: DialogProps<V>) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [tab, setTab] = useState(tabs?.[0]?.key ?? '');
  const [all, setAll] = useState<PickNode<V>[]>([]);
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState<PickItem<V>[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const sourceRef = useRef(source);
  sourceRef.current = source;

  // WGT-006: each opening starts afresh — keyword cleared, the value as the pending
  // selection, the choices loaded again.
  useEffect(() => {
    if (!open) return;
    let alive = true;
    setKeyword('');
    setTab(tabs?.[0]?.key ?? '');
    setPending(initialRef.current);
    setLoading(true);
    (sourceRef.current.load?.() ?? Promise.resolve([])).then(
      (nodes) => {
        if (!alive) return;
        setAll(nodes);
        setExpanded(nodes.map((n) => n.key)); // the first level open
        setLoading(false);
      },
      () => alive && setLoading(false), // a failed load only stops loading
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open]);

  const current = tabs?.find((x) => x.key === tab);
  const choices = useMemo(() => (current ? current.nodes(all) : all), [all, current]);
  const shown = useMemo(() => filterTree(choices, keyword), [choices, keyword]);
  // A search opens the whole filtered tree.
  const search = (text: string) => {
    setKeyword(text);
    if (text.trim()) setExpanded(branchKeys(filterTree(choices, text)));
  };

  const pendingKeys = new Set(pending.map((i) => i.key));
  const selectedNodes = flatten(shown)
    .filter((n) => n.item && pendingKeys.has(n.item.key))
    .map((n) => n.key);
  const byKey = useMemo(() => new Map(flatten(all).map((n) => [n.key, n])), [all]);

  const pick = (nodeKey: string) => {
    const node = byKey.get(nodeKey);
    const item = node?.pickable && !node.disabled ? node.item : undefined;
    if (!item) return; // WGT-013: only the picker's own type
    if (!multiple) setPending([item]); // WGT-009
    else setPending((old) => (old.some((i) => i.key === item.key) ? old : [...old, item])); // WGT-010
  };

  return (
    <PickerModal open={open} title={title} onCancel={onCancel} onConfirm={() => onConfirm(pending)}>
      <div className="qm-picker-pane qm-picker-choices">
        <Input
          allowClear
          value={keyword}
          prefix={<SearchOutlined />}
          placeholder={t('common.keywordPlaceholder')}
          aria-label={t('common.keyword')}
          onChange={(e) => search(e.target.value)}
        />
        {tabs && tabs.length > 0 && (
          <Tabs
            size="small"
            activeKey={tab}
            onChange={(key) => {
              setTab(key);
              setKeyword('');
            }}
            items={tabs.map((x) => ({ key: x.key, label: x.label }))}
          />
        )}
        <div className="qm-picker-tree">
          {loading ? (
            <Spin />
          ) : shown.length ? (
            <Tree
              blockNode
              showIcon
              treeData={treeData(shown)}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys)}
              selectedKeys={selectedNodes}
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

/**
 * The dialog every picker opens (WGT-001, WGT-003): 800px, modal, not closed by a click
 * outside, 取消 and 确定 below; the choices and 已选 side by side inside.
 */
export function PickerModal({
  open,
  title,
  onCancel,
  onConfirm,
  className,
  children,
}: {
  open: boolean;
  title: string;
  onCancel(): void;
  onConfirm(): void;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      width={PICKER_DIALOG_WIDTH}
      mask={{ closable: false }}
      destroyOnHidden
      className={`qm-picker-dialog${className ? ` ${className}` : ''}`}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={onConfirm}>
          {t('common.confirm')}
        </Button>,
      ]}
    >
      <div className="qm-picker-body">{children}</div>
    </Modal>
  );
}

/** A heading of the 已选 pane and the picks under it (the mixed picker's, WGT-034). */
export interface SelectedGroup {
  key: string;
  label: string;
}

/**
 * 已选 (WGT-002): the pending picks, each removable, and 清空列表. With `groups`, the picks
 * stand under their group's heading in the groups' order (the mixed picker, WGT-034).
 */
export function SelectedPane<V>({
  pending,
  onPending,
  groups,
  groupOf,
}: {
  pending: PickItem<V>[];
  onPending(items: PickItem<V>[]): void;
  groups?: SelectedGroup[];
  groupOf?(item: PickItem<V>): string;
}) {
  const { t } = useTranslation();
  const entry = (item: PickItem<V>) => (
    <li key={item.key}>
      <span className="qm-picker-selected-label">{item.label}</span>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('picker.remove', { name: item.label })}
        onClick={() => onPending(pending.filter((i) => i.key !== item.key))}
      />
    </li>
  );
  return (
    <div className="qm-picker-pane qm-picker-selected">
      <div className="qm-picker-selected-head">
        <span>{t('picker.selected')}</span>
        <Button type="link" size="small" onClick={() => onPending([])}>
          {t('picker.clearList')}
        </Button>
      </div>
      {groups && groupOf ? (
        <div className="qm-picker-selected-list" aria-label={t('picker.selected')}>
          {groups.map((g) => {
            const items = pending.filter((i) => groupOf(i) === g.key);
            return items.length ? (
              <div key={g.key} className="qm-picker-selected-group">
                <div className="qm-picker-selected-group-head">{g.label}</div>
                <ul>{items.map(entry)}</ul>
              </div>
            ) : null;
          })}
        </div>
      ) : (
        <ul className="qm-picker-selected-list" aria-label={t('picker.selected')}>
          {pending.map(entry)}
        </ul>
      )}
    </div>
  );
}
