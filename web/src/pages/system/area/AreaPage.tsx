/**
 * 行政区划, the areas (jnpf-wire-areas.md §2.3; AREA-003, AREA-004, AREA-006): a tree table
 * whose levels load as they open (`Area/{id}`; rows with `hasChildren` can open), the keyword
 * (Enter) filtering the provinces by name or code, 查询, 重置 and 刷新; 新建 above, and per row
 * 新建下级, 编辑 and 删除, each only with its button (PERM-011); the state switch (AREA-003) and
 * a deletion ask first. After a change every opened level is asked for again, so the tree
 * shows what the server has while keeping what was open.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { AREA_ROOT, deleteArea, getAreaChildren, toggleArea, type AreaRow } from '@/api/area';
import { ListPage } from '@/components/ListPage';
import { useKeywordBar } from '@/components/ListSearch';
import { RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, useButtons } from '@/hooks/useButtons';
import { AreaDialog, type AreaTarget, type AreaValues } from './AreaDialog';
import { manageColumns, sortCodeColumn } from '@/components/listColumns';

type TreeRow = AreaRow & { path: string[]; children?: TreeRow[] };

export default function AreaPage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const [keyword, setKeyword] = useState('');
  // The rows of each level asked for, by parent id ('-1' the provinces).
  const [levels, setLevels] = useState<Map<string, AreaRow[]>>(() => new Map());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [target, setTarget] = useState<AreaTarget | null>(null);
  const [form] = Form.useForm<AreaValues>();
  const keywordRef = useRef(keyword);
  keywordRef.current = keyword;

  const fetchLevel = (parentId: string) =>
    getAreaChildren(parentId, parentId === AREA_ROOT ? keywordRef.current : '').then(({ data }) => (Array.isArray(data?.list) ? data.list : []));

  // The provinces, again whenever the keyword is applied.
  useEffect(() => {
    let alive = true;
    setLoading(true);
    fetchLevel(AREA_ROOT).then(
      (rows) => {
        if (!alive) return;
        setLevels(new Map([[AREA_ROOT, rows]]));
        setExpanded([]);
        setLoading(false);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by keyword
  }, [keyword]);

  /** Every opened level again (after a change or 刷新). */
  const refresh = useCallback(() => {
    setLoading(true);
    const parents = [...levels.keys()];
    Promise.all(parents.map((p) => fetchLevel(p).then((rows) => [p, rows] as const, () => [p, levels.get(p) ?? []] as const))).then((found) => {
      setLevels(new Map(found));
      setLoading(false);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [levels]);

  const expand = (open: boolean, row: TreeRow) => {
    setExpanded((old) => (open ? [...old, row.id] : old.filter((k) => k !== row.id)));
    if (!open || levels.has(row.id)) return;
    fetchLevel(row.id).then(
      (rows) => setLevels((old) => new Map(old).set(row.id, rows)),
      () => setExpanded((old) => old.filter((k) => k !== row.id)),
    );
  };

  const data = useMemo(() => {
    const build = (parentId: string, path: string[]): TreeRow[] =>
      (levels.get(parentId) ?? []).map((row) => {
        const own = [...path, row.id];
        return { ...row, path: own, children: row.hasChildren ? build(row.id, own) : undefined };
      });
    return build(AREA_ROOT, []);
  }, [levels]);

  const bar = useKeywordBar(setKeyword, refresh, loading);

  return (
    <div className="qm-area-page">
      <ListPage<TreeRow>
        rows={{ rows: data, loading, loaded: levels.size > 0 }}
        search={bar}
        onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
        scroll={{ y: 'calc(100vh - 300px)' }}
        expandable={{ expandedRowKeys: expanded, onExpand: expand }}
        columns={[
          { key: 'fullName', title: t('area.fullName'), dataIndex: 'fullName', ellipsis: true },
          { key: 'enCode', title: t('area.enCode'), dataIndex: 'enCode', width: 180 },
          sortCodeColumn(t, 90),
          ...manageColumns<TreeRow>({
            t,
            confirm,
            can,
            what: t('area.what'),
            toggle: toggleArea,
            remove: deleteArea,
            onEdit: (row) => setTarget({ id: row.id }),
            done: refresh,
            actionsWidth: 200,
            fixed: false,
            before: (row) => can(BTN_ADD) && <RowButton text={t('area.addChild')} label={row.fullName} onClick={() => setTarget({ id: '', parent: row.path })} />,
          }),
        ]}
      />
      <AreaDialog target={target} form={form} onClose={() => setTarget(null)} onSaved={refresh} />
    </div>
  );
}
