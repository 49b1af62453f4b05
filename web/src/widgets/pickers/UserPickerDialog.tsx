/**
 * The user pickers' dialog (widget spec 2.1, §4.1; jnpf-wire-areas.md §1.9), in the common
 * picker's frame (PickerModal, SelectedPane: WGT-001..003): tabs of choices on the left, 已选
 * on the right. A tab shows one of three panes:
 *
 * - `tree`: the organisations and their users, lazily (POST Users/ImUser/Selector/{nodeId},
 *   ORG-011/012): the top level first ('0', with an empty keyword, page 1 of 20), its first
 *   node opened, every other node asked for when it opens (`{}`). A keyword turns it into the
 *   flat paged list of matching users (asked for at '0'); an empty keyword returns to the tree
 *   (WGT-027).
 * - `paged`: a flat list of users asked for by keyword and page; within 200px of the bottom,
 *   when not loading and not finished, the next page of 20 comes (WGT-029); a page shorter
 *   than 20 ends the list (WGT-030). Lists the server answers whole are one page.
 * - `static`: a tree loaded once per opening and filtered as typed (the mixed picker's role,
 *   position and group tabs).
 *
 * The keyword is applied on Enter (or when cleared); changing tab clears it and loads again
 * (WGT-028). A failed load only stops the loading indicator (WGT-031). Which nodes can be
 * picked and what a pick stores is the picker's (`pickable`, `itemOf`).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Avatar, Empty, Input, Spin, Tabs, Tree } from 'antd';
import { SearchOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getUserTree, PICKER_PAGE_SIZE, type UserNode } from '@/api/users';
import { NodeIcon } from './NodeIcon';
import { PickerModal, SelectedPane, type DialogProps, type SelectedGroup } from './Picker';
import { branchKeys, filterTree, flatten, type PickItem, type PickNode } from './tree';
import './pickers.css';

/** What a pane lists: a user, or (mixed picker) an organisation, role, position or group. */
export interface Choice {
  id: string;
  fullName: string;
  type: string;
  headIcon?: string;
  organize?: string;
}

/** One page of a flat list; `whole` when the server answered every row at once. */
export interface ChoicePage {
  rows: Choice[];
  whole?: boolean;
}

export type UserPane =
  | { kind: 'tree' }
  | { kind: 'paged'; fetch(keyword: string, currentPage: number): Promise<ChoicePage> }
  | { kind: 'static'; load(): Promise<PickNode<string>[]> };

export interface UserTab {
  key: string;
  label: string;
  pane: UserPane;
}

export interface UserPickerConfig {
  tabs: UserTab[];
  /** Whether a choice can be picked (users only, or the mixed picker's types). */
  pickable(choice: Choice): boolean;
  /** What picking a choice stores and shows. */
  itemOf(choice: Choice): PickItem<string>;
  /** The 已选 pane's headings (the mixed picker, WGT-034). */
  groups?: SelectedGroup[];
  groupOf?(item: PickItem<string>): string;
}

/** Within this many pixels of the bottom the next page loads (WGT-029). */
export const SCROLL_THRESHOLD = 200;

/** The lazily loaded organisation/user tree's node. */
interface LazyNode {
  key: string;
  choice: Choice;
  isLeaf: boolean;
  children?: LazyNode[];
}

const toChoice = (n: UserNode): Choice => ({ id: n.id, fullName: n.fullName, type: n.type, headIcon: n.headIcon, organize: n.organize });

/** Node keys are unique in the tree: a user in two organisations stands under each. */
const lazyNodes = (nodes: UserNode[], parentKey: string): LazyNode[] =>
  nodes.map((n) => ({ key: `${parentKey}/${n.type}:${n.id}`, choice: toChoice(n), isLeaf: n.type === 'user' || n.isLeaf }));

function withChildren(nodes: LazyNode[], key: string, children: LazyNode[]): LazyNode[] {
  return nodes.map((n) => (n.key === key ? { ...n, children, isLeaf: children.length === 0 } : n.children ? { ...n, children: withChildren(n.children, key, children) } : n));
}

function flattenLazy(nodes: LazyNode[]): LazyNode[] {
  return nodes.flatMap((n) => [n, ...flattenLazy(n.children ?? [])]);
}

function Icon({ choice }: { choice: Choice }) {
  if (choice.type !== 'user') return <NodeIcon type={choice.type} />;
  return <UserOutlined />;
}

interface PaneProps {
  config: UserPickerConfig;
  pendingKeys: Set<string>;
  onPick(choice: Choice): void;
  multiple: boolean;
}

/** The organisations and their users, opened node by node. */
function LazyTree({ config, pendingKeys, onPick, multiple }: PaneProps) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<LazyNode[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState<Key[]>([]);

  const loadChildren = useCallback(async (key: string, id: string) => {
    const { data } = await getUserTree(id, {});
    const children = lazyNodes(Array.isArray(data?.list) ? data.list : [], key);
    setNodes((old) => withChildren(old, key, children));
    setLoaded((old) => [...old, key]);
  }, []);

  useEffect(() => {
    let alive = true;
    getUserTree('0', { keyword: '', currentPage: 1, pageSize: PICKER_PAGE_SIZE }).then(
      async ({ data }) => {
        if (!alive) return;
        const roots = lazyNodes(Array.isArray(data?.list) ? data.list : [], '');
        setNodes(roots);
        setLoading(false);
        // The first top node opens at once (jnpf-wire-areas.md §1.9).
        const first = roots.find((n) => !n.isLeaf);
        if (first) {
          await loadChildren(first.key, first.choice.id).catch(() => undefined);
          if (alive) setExpanded([first.key]);
        }
      },
      () => alive && setLoading(false), // WGT-031
    );
    return () => {
      alive = false;
    };
  }, [loadChildren]);

  type Data = { key: string; title: ReactNode; icon: ReactNode; isLeaf: boolean; selectable: boolean; children?: Data[] };
  const treeData = (list: LazyNode[]): Data[] =>
    list.map((n) => ({
      key: n.key,
      title: n.choice.fullName,
      icon: <Icon choice={n.choice} />,
      isLeaf: n.isLeaf,
      selectable: config.pickable(n.choice),
      children: n.children ? treeData(n.children) : undefined,
    }));
  const byKey = useMemo(() => new Map(flattenLazy(nodes).map((n) => [n.key, n])), [nodes]);
  const selected = flattenLazy(nodes)
    .filter((n) => config.pickable(n.choice) && pendingKeys.has(config.itemOf(n.choice).key))
    .map((n) => n.key);

  if (loading) return <Spin />;
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
  return (
    <Tree
      blockNode
      showIcon
      treeData={treeData(nodes)}
      expandedKeys={expanded}
      loadedKeys={loaded}
      onExpand={(keys) => setExpanded(keys)}
      loadData={(node) => {
        const found = byKey.get(String(node.key));
        return found && !found.children ? loadChildren(found.key, found.choice.id).catch(() => undefined) : Promise.resolve();
      }}
      selectedKeys={selected}
      multiple={multiple}
      onSelect={(_keys, info) => {
        const found = byKey.get(String(info.node.key));
        if (found && config.pickable(found.choice)) onPick(found.choice);
      }}
    />
  );
}

/** A flat list of users, page by page as it is scrolled. */
function PagedList({ fetch, keyword, config, pendingKeys, onPick }: PaneProps & { fetch(keyword: string, page: number): Promise<ChoicePage>; keyword: string }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Choice[]>([]);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [finished, setFinished] = useState(false);
  const latest = useRef(0);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  const load = useCallback((next: number) => {
    const id = ++latest.current;
    setLoading(true);
    fetchRef.current(keyword, next).then(
      ({ rows: got, whole }) => {
        if (id !== latest.current) return;
        setRows((old) => (next === 1 ? got : [...old, ...got]));
        setPage(next);
        setFinished(Boolean(whole) || got.length < PICKER_PAGE_SIZE); // WGT-030
        setLoading(false);
      },
      () => id === latest.current && setLoading(false), // WGT-031
    );
  }, [keyword]);

  useEffect(() => {
    setRows([]);
    setFinished(false);
    load(1);
    return () => void (latest.current = -1);
  }, [load]);

  // WGT-029: near the bottom, the next page.
  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (!loading && !finished && el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_THRESHOLD) load(page + 1);
  };

  return (
    <div className="qm-picker-scroll" onScroll={onScroll}>
      {rows.length ? (
        <ul className="qm-picker-list" role="listbox" aria-label={t('picker.choices')}>
          {rows.map((c) => {
            const item = config.itemOf(c);
            const picked = pendingKeys.has(item.key);
            return (
              <li
                key={`${c.type}:${c.id}`}
                role="option"
                aria-selected={picked}
                className={picked ? 'qm-picker-list-picked' : undefined}
                onClick={() => config.pickable(c) && onPick(c)}
              >
                <Avatar size="small" icon={<Icon choice={c} />} />
                <span className="qm-picker-list-text">
                  <span className="qm-picker-list-name">{c.fullName}</span>
                  {c.organize && <span className="qm-picker-list-organize">{c.organize}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
      )}
      {loading && <Spin className="qm-picker-list-more" />}
      {!loading && finished && rows.length > PICKER_PAGE_SIZE && <div className="qm-picker-list-more">{t('picker.noMore')}</div>}
    </div>
  );
}

/** A tree loaded once per opening, filtered as the keyword is typed. */
function StaticTree({ load, keyword, config, pendingKeys, onPick, multiple }: PaneProps & { load(): Promise<PickNode<string>[]>; keyword: string }) {
  const { t } = useTranslation();
  const [all, setAll] = useState<PickNode<string>[]>([]);
  const [loading, setLoading] = useState(true);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let alive = true;
    loadRef.current().then(
      (nodes) => {
        if (!alive) return;
        setAll(nodes);
        setExpanded(nodes.map((n) => n.key));
        setLoading(false);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
  }, []);

  const shown = useMemo(() => filterTree(all, keyword), [all, keyword]);
  useEffect(() => {
    if (keyword.trim()) setExpanded(branchKeys(shown));
  }, [keyword, shown]);
  const byKey = useMemo(() => new Map(flatten(all).map((n) => [n.key, n])), [all]);
  const choiceOf = (n: PickNode<string>): Choice => ({ id: n.id, fullName: n.title, type: n.type });
  const can = (n: PickNode<string>) => n.pickable && !n.disabled && config.pickable(choiceOf(n));
  type Data = { key: string; title: string; icon: ReactNode; selectable: boolean; children: Data[] };
  const data = (nodes: PickNode<string>[]): Data[] =>
    nodes.map((n) => ({ key: n.key, title: n.title, icon: <NodeIcon type={n.type} />, selectable: can(n), children: data(n.children) }));
  const selected = flatten(shown)
    .filter((n) => can(n) && pendingKeys.has(config.itemOf(choiceOf(n)).key))
    .map((n) => n.key);

  if (loading) return <Spin />;
  if (!shown.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
  return (
    <Tree
      blockNode
      showIcon
      treeData={data(shown)}
      expandedKeys={expanded}
      onExpand={setExpanded}
      selectedKeys={selected}
      multiple={multiple}
      onSelect={(_keys, info) => {
        const n = byKey.get(String(info.node.key));
        if (n && can(n)) onPick(choiceOf(n));
      }}
    />
  );
}

/** The search of the 全部数据 tree: a flat page of users at '0' (ORG-011). */
export async function searchUsers(keyword: string, currentPage: number): Promise<ChoicePage> {
  const { data } = await getUserTree('0', { keyword, currentPage, pageSize: PICKER_PAGE_SIZE });
  return { rows: (Array.isArray(data?.list) ? data.list : []).map(toChoice) };
}

export function UserPickerDialog({ open, title, multiple, initial, onCancel, onConfirm, config }: DialogProps<string> & { config: UserPickerConfig }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(config.tabs[0]?.key ?? '');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pending, setPending] = useState<PickItem<string>[]>([]);
  // Each opening and each tab change mounts the panes afresh (WGT-006, WGT-028).
  const [generation, setGeneration] = useState(0);
  const initialRef = useRef(initial);
  initialRef.current = initial;

  useEffect(() => {
    if (!open) return;
    setTab(config.tabs[0]?.key ?? '');
    setTyped('');
    setKeyword('');
    setPending(initialRef.current);
    setGeneration((g) => g + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open]);

  const current = config.tabs.find((x) => x.key === tab) ?? config.tabs[0];
  const pendingKeys = new Set(pending.map((i) => i.key));
  const pick = (choice: Choice) => {
    const item = config.itemOf(choice);
    if (!multiple) setPending([item]); // WGT-009
    else setPending((old) => (old.some((i) => i.key === item.key) ? old : [...old, item])); // WGT-010
  };
  const apply = (text: string) => setKeyword(text.trim());

  let pane: ReactNode = null;
  const common = { config, pendingKeys, onPick: pick, multiple };
  if (current) {
    const key = `${generation}:${current.key}`;
    const p = current.pane;
    if (p.kind === 'tree') pane = keyword ? <PagedList key={`${key}:${keyword}`} {...common} fetch={searchUsers} keyword={keyword} /> : <LazyTree key={key} {...common} />;
    else if (p.kind === 'paged') pane = <PagedList key={`${key}:${keyword}`} {...common} fetch={p.fetch} keyword={keyword} />;
    else pane = <StaticTree key={key} {...common} load={p.load} keyword={typed} />;
  }

  return (
    <PickerModal open={open} title={title} onCancel={onCancel} onConfirm={() => onConfirm(pending)} className="qm-user-picker">
      <div className="qm-picker-pane qm-picker-choices">
        <Input
          allowClear
          value={typed}
          prefix={<SearchOutlined />}
          placeholder={t('picker.searchUser')}
          aria-label={t('common.keyword')}
          onChange={(e) => {
            setTyped(e.target.value);
            if (!e.target.value) apply(''); // cleared: back to the tree (WGT-027)
          }}
          onPressEnter={() => apply(typed)}
        />
        {config.tabs.length > 1 ? (
          <Tabs
            size="small"
            activeKey={current?.key}
            onChange={(next) => {
              setTab(next);
              setTyped('');
              setKeyword('');
              setGeneration((g) => g + 1);
            }}
            items={config.tabs.map((x) => ({ key: x.key, label: x.label }))}
          />
        ) : (
          current && <div className="qm-picker-tab-title">{current.label}</div>
        )}
        <div className="qm-picker-tree">{pane}</div>
      </div>
      <SelectedPane pending={pending} onPending={setPending} groups={config.groups} groupOf={config.groupOf} />
    </PickerModal>
  );
}
