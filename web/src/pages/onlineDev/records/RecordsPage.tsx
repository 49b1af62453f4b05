/**
 * A released model's records (issue 13): the list of its columnData (columns, keyword with
 * Enter, paging, sort by sortable columns), 新建 and 编辑 in the form's own popup saved through
 * /api/visualdev/OnlineDev (the server's field messages under the fields, a stale version told
 * in the form, which stays open with what was typed), 详情 from DataChange, 删除 and 批量删除
 * after confirmation, 批量打印 of the selection with columnData's printIds and the detail's
 * 打印 with formData's printId (components/PrintBrowse, issue 29). Each button only when the definition lists it and, with the definition's
 * button permission on, the caller has it. With column permission on, only the granted columns
 * are listed; with form permission on, the fields not granted are neither shown in the form
 * nor in the detail, nor sent (jnpf-wire-engine.md §4.6).
 *
 * Opened two ways: from a form menu bound to the model (menu type 3, `propertyJson.moduleId`;
 * its buttons and `menuId`), or by an administrator from 功能设计's 数据
 * (/onlineDev/records?id=<model id>), which takes the buttons of the 功能设计 menu and shows
 * every column and field (no menu of the model's, so no column or form permission applies).
 *
 * Sub-table columns (`table-column`) show the rows the List answer carries per record: grouped
 * under their table's header, one line per row (childTableStyle 1), or in an expandable row with
 * a tab per sub-table (2) — childColumns.tsx. With showSummary a 合计 row sums the page's
 * summaryField columns through the rules core (summaryRow.tsx). A grouped list (type 3) shows
 * every record under one open row per value of its groupField, a tree table (type 5) its
 * records under their parents (parentField), as the server answers them. The
 * searchList fields stand before 查询 (RecordSearch.tsx) and go to the server as queryJson; a
 * type-2 list's left tree (ListTree.tsx) adds its chosen node under treeRelation. An editable
 * list (type 4) edits its rows in place (editableRows.tsx). 高级查询 (SuperQuery.tsx) adds
 * conditions on any main field as superQueryJson.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Empty, Spin, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, FilterOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  createRecord,
  deleteRecord,
  deleteRecords,
  exportRecords,
  getConfig,
  getRecord,
  getRecordDetail,
  getRecordList,
  recordOf,
  updateRecord,
  type OnlineConfig,
  type RecordRow,
} from '@/api/onlineDev';
import { ListPage, useSelection } from '@/components/ListPage';
import { PrintFlow } from '@/components/PrintBrowse';
import { ColumnSettingsButton, ColumnSettingsDrawer, useColumnSettings } from '@/components/ColumnSettings';
import { ExportDialog } from '@/components/ExportDialog';
import { actionsColumn } from '@/components/listColumns';
import { RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_EDIT, BTN_REMOVE, ButtonScope, usePermissions } from '@/hooks/useButtons';
import { useList } from '@/hooks/useList';
import { DetailPopup, FormPopup, parsePart, readFormData, recordForSave, restrictForm, useFormEngine, valueFields, type Field, type ModelExtra, type FormDefinition, type FormRecord } from '@/engine';
import { displayText } from '@/engine/values';
import { childLayout, type ListColumn } from './childColumns';
import { summaryRow } from './summaryRow';
import { RecordSearch, queryJsonOf, searchName, type SearchItem } from './RecordSearch';
import { ListTree, type TreeSettings } from './ListTree';
import { useRowEditing } from './editableRows';
import { SuperQuery, queryableFields, superQueryJsonOf, type SuperQueryValue } from './SuperQuery';
import { useCore, type Core } from '@/hooks/useCore';
import { fieldErrorsOf } from '@/utils/formErrors';
import type { Envelope } from '@/api/request';

export const BTN_BATCH_REMOVE = 'btn_batchRemove';
export const BTN_DETAIL = 'btn_detail';
export const BTN_BATCH_PRINT = 'btn_batchPrint';

/** printId / printIds as the designers store them: an array, or one id as text. */
export function templateIdsOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x !== '');
  return typeof v === 'string' && v ? v.split(',').filter(Boolean) : [];
}
export const BTN_DOWNLOAD = 'btn_download';

/** The page size JNPF asks of a list that shows every row (grouped, hasPage off). */
export const UNPAGED = 10000;

/** The parts of columnData the list uses (jnpf-wire-engine.md §4). */
interface ColumnData extends TreeSettings {
  /** 1 plain, 2 left tree (treeRelation), 3 grouped by `groupField`, 4 rows edited in place, 5 tree table by `parentField` (3 and 5: all rows, no pager). */
  type?: number;
  groupField?: string;
  parentField?: string;
  /** false: every row on one page (JNPF asks 10,000). */
  hasPage?: boolean;
  /** 高级查询 (default on). */
  hasSuperQuery?: boolean;
  columnList?: ListColumn[];
  /** The search fields above the list (the field definitions with searchType, searchMultiple). */
  searchList?: SearchItem[];
  /** Sub-table columns: 1 grouped under the table's header (default), 2 in an expandable row. */
  childTableStyle?: number;
  /** The 合计 row under the `summaryField` columns (main-form comInput, numInput, calculate). */
  showSummary?: boolean;
  summaryField?: string[];
  /** Thousands separators in the `thousandsField` columns. */
  thousands?: boolean;
  thousandsField?: string[];
  btnsList?: { value: string; label?: string }[];
  /** The print templates of 批量打印 (issue 29). */
  printIds?: string[];
  columnBtnsList?: { value: string; label?: string }[];
  defaultSidx?: string;
  sort?: string;
  pageSize?: number;
  /** Buttons only as granted (the menu's button permission). */
  useBtnPermission?: boolean;
  /** Columns only as granted: a column shows when its prop is a column enCode of the menu. */
  useColumnPermission?: boolean;
  /** Form fields only as granted (form enCodes; `table-column` for sub-table columns). */
  useFormPermission?: boolean;
}

/** The fixed route: the model named by ?id=, with the 功能设计 menu's buttons. */
export default function RecordsRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (!id) return <Empty description={t('model.noId')} />;
  return (
    <ButtonScope.Provider value="onlineDev/webDesign">
      <RecordsPage modelId={id} />
    </ButtonScope.Provider>
  );
}

/** The records of `modelId`; `menuId` is the menu it is opened from (its permissions apply). */
export function RecordsPage({ modelId, menuId }: { modelId: string; menuId?: string }) {
  const { t } = useTranslation();
  const [config, setConfig] = useState<OnlineConfig | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    setConfig(null);
    setFailed(false);
    getConfig(modelId).then(
      ({ data }) => alive && setConfig(data),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [modelId]);

  const form = useMemo(() => (config ? readFormData(config.formData) : null), [config]);
  const columns = useMemo(() => (config ? (parsePart<ColumnData>(config.columnData) ?? {}) : null), [config]);
  if (failed) return <Empty description={t('records.unavailable')} />;
  if (!config || !columns) return <Spin className="qm-records-loading" />;
  if (!form) return <Alert type="error" title={t('engine.invalidForm')} />;
  return <Records modelId={modelId} menuId={menuId} config={config} form={form} columnData={columns} />;
}

type Editing = { mode: 'create' } | { mode: 'edit'; id: string; record: FormRecord };

/**
 * A list cell as the detail shows a raw value (the engine's `displayText`: numbers with their
 * separators, dates in the field's format, static option labels); sub-table columns
 * (`table-column`) joined over the rows; a prop the form does not know, as text.
 */
function cellText(core: Core | null, fields: Map<string, Field>, row: RecordRow, prop: string): string {
  const dash = prop.indexOf('-');
  if (dash > 0 && Array.isArray(row[prop.slice(0, dash)])) {
    return (row[prop.slice(0, dash)] as RecordRow[]).map((r) => cellText(core, fields, r, prop)).filter(Boolean).join('，');
  }
  const name = dash > 0 ? prop.slice(dash + 1) : prop;
  // An editable list (type 4) answers stored values with the shown text beside them.
  const named = row[`${name}_name`];
  if (typeof named === 'string') return named;
  const v = row[name];
  const field = fields.get(prop);
  if (field && core) return displayText(core, field, v, row);
  if (v == null) return '';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(',');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The form's value fields by list prop: main fields by vModel, sub-table columns as `table-column`. */
function fieldsByProp(form: FormDefinition): Map<string, Field> {
  const map = new Map<string, Field>();
  for (const f of valueFields(form)) {
    const name = f.__vModel__ as string;
    map.set(name, f);
    if (f.__config__.jnpfKey === 'table') for (const c of (f.__config__.children ?? []) as Field[]) if (c.__vModel__) map.set(`${name}-${c.__vModel__ as string}`, c);
  }
  return map;
}

function Records({ modelId, menuId, config, form, columnData }: { modelId: string; menuId?: string; config: OnlineConfig; form: FormDefinition; columnData: ColumnData }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const permissions = usePermissions();
  const can = permissions.button;
  const confirm = useConfirm();
  const core = useCore();
  const fields = useMemo(() => fieldsByProp(form), [form]);
  // Column and form permission are those of the menu the page is opened from; the
  // administrator's route (no menu) shows everything. JNPF keeps useFormPermission in
  // columnData; a formData carrying it is taken too.
  const limitColumns = !!menuId && columnData.useColumnPermission === true;
  const limitForm = !!menuId && (columnData.useFormPermission === true || form.useFormPermission === true);
  const shownForm = useMemo(() => (limitForm ? restrictForm(form, permissions.form) : form), [limitForm, form, permissions.form]);
  // A grouped list (type 3) shows every row under its group field's values; that field's own
  // column is not listed (jnpf-wire-engine.md §4.1).
  const groupField = columnData.type === 3 && columnData.groupField ? columnData.groupField : '';
  const treeTable = columnData.type === 5 && !!columnData.parentField;
  const unpaged = !!groupField || treeTable || columnData.hasPage === false;
  const grantedColumns = useMemo(
    () => (columnData.columnList ?? []).filter((c) => (!limitColumns || permissions.column(c.prop)) && c.prop !== groupField),
    [columnData.columnList, limitColumns, permissions.column, groupField],
  );
  // The user's own order and visibility of the columns (LIST-005…009), kept by the server per
  // menu; the administrator's route (no menu) keeps them under the model's id.
  const columnDefaults = useMemo(() => grantedColumns.map((c) => ({ prop: c.prop, label: c.label })), [grantedColumns]);
  const columnSettings = useColumnSettings(menuId || modelId, columnDefaults);
  const [settingColumns, setSettingColumns] = useState(false);
  const [exporting, setExporting] = useState(false);
  const shownColumns = useMemo(() => {
    const byProp = new Map(grantedColumns.map((c) => [c.prop, c]));
    return columnSettings.items.filter((i) => i.visible && byProp.has(i.prop)).map((i) => byProp.get(i.prop)!);
  }, [grantedColumns, columnSettings.items]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [detail, setDetail] = useState<FormRecord | null>(null);
  const { selected, clear, rowSelection } = useSelection();
  // 打印 (detail) and 批量打印 (selection): the records and templates being printed.
  const [printing, setPrinting] = useState<{ templateIds: string[]; formIds: string[] } | null>(null);
  // The definition's order, until a sortable column's header chooses another.
  const definedOrder = { sidx: columnData.defaultSidx ?? '', sort: columnData.sort === 'asc' ? 'asc' : 'desc' };
  // The search fields' values as typed; applied (queryJson) by 查询 or Enter, cleared by 重置.
  const searchItems = useMemo(
    () => (columnData.searchList ?? []).filter((i) => searchName(i) && (!limitForm || permissions.form(searchName(i)))),
    [columnData.searchList, limitForm, permissions.form],
  );
  const [searchValues, setSearchValues] = useState<Record<string, unknown>>({});
  // The search values last applied, and the left tree's node (type 2): both go in queryJson.
  const [appliedSearch, setAppliedSearch] = useState<Record<string, unknown>>({});
  const treeRelation = columnData.type === 2 && columnData.treeRelation ? columnData.treeRelation : '';
  const [treeValue, setTreeValue] = useState<unknown>(undefined);
  const queryOf = (values: Record<string, unknown>, tree: unknown) => queryJsonOf(treeRelation && tree !== undefined ? { ...values, [treeRelation]: tree } : values);
  const list = useList(
    (q) =>
      getRecordList(modelId, {
        currentPage: unpaged ? 1 : q.currentPage,
        pageSize: unpaged ? UNPAGED : q.pageSize,
        keyword: q.keyword,
        sidx: q.sidx,
        sort: q.sort,
        queryJson: q.queryJson,
        superQueryJson: q.superQueryJson,
        menuId: menuId ?? '',
      }),
    { filters: { ...definedOrder, queryJson: '', superQueryJson: '' }, pageSize: columnData.pageSize },
  );
  // 高级查询: its conditions, applied at once and kept until changed or cleared.
  const [superOpen, setSuperOpen] = useState(false);
  const [superValue, setSuperValue] = useState<SuperQueryValue>({ matchLogic: 'AND', conditions: [] });
  const superFields = useMemo(() => queryableFields(shownForm), [shownForm]);
  // 查询 and Enter apply the keyword and the search fields at once; 重置 clears both.
  const searchBar = {
    ...list,
    search: (given?: string) => {
      setAppliedSearch(searchValues);
      list.setFilters({ queryJson: queryOf(searchValues, treeValue) });
      list.search(given);
    },
    // 重置 clears the search fields and 高级查询; the tree's node stays chosen.
    reset: () => {
      setSearchValues({});
      setAppliedSearch({});
      setSuperValue({ matchLogic: 'AND', conditions: [] });
      list.reset();
      list.setFilters({ queryJson: queryOf({}, treeValue) });
    },
  };

  const listed = (buttons: ColumnData['btnsList'], value: string) => (buttons ?? []).some((b) => b.value === value);
  // With the definition's button permission off every listed button shows (the server then
  // asks for none either); with it on, only the granted ones (jnpf-wire-engine.md, v-has).
  const granted = (code: string) => columnData.useBtnPermission !== true || can(code);
  const canAdd = listed(columnData.btnsList, 'add') && granted(BTN_ADD);
  const canBatch = listed(columnData.btnsList, 'batchRemove') && (granted(BTN_BATCH_REMOVE) || granted(BTN_REMOVE));
  const canBatchPrint = listed(columnData.btnsList, 'batchPrint') && granted(BTN_BATCH_PRINT);
  const canEdit = listed(columnData.columnBtnsList, 'edit') && granted(BTN_EDIT);
  const canRemove = listed(columnData.columnBtnsList, 'remove') && granted(BTN_REMOVE);
  const canDetail = listed(columnData.columnBtnsList, 'detail');
  const canExport = listed(columnData.btnsList, 'download') && granted(BTN_DOWNLOAD);
  // An editable list (type 4): rows edited in place instead of the form's popup.
  const editable = columnData.type === 4;
  const rowEditing = useRowEditing({
    core,
    form: shownForm,
    props: shownColumns.map((c) => c.prop).filter((p) => !p.includes('-')),
    create: (values) => createRecord(modelId, recordForSave(shownForm, values, limitForm ? form : undefined)),
    update: (id, values) => updateRecord(modelId, id, recordForSave(shownForm, values, limitForm ? form : undefined)),
    onSaved: (created) => {
      void message.success(created ? t('records.created') : t('records.updated'));
      list.refresh();
    },
  });
  const labelOf = (row: RecordRow) => cellText(core, fields, row, shownColumns[0]?.prop ?? 'id') || row.id;

  const edit = (row: RecordRow) =>
    getRecord(modelId, row.id).then(
      (answer) => setEditing({ mode: 'edit', id: row.id, record: recordOf(answer.data) }),
      () => undefined,
    );
  const view = (row: RecordRow) =>
    getRecordDetail(modelId, row.id).then(
      (answer) => setDetail({ id: row.id, ...recordOf(answer.data) }),
      () => undefined,
    );
  const saved = (text: string) => {
    void message.success(text);
    setEditing(null);
    list.refresh();
  };

  // Sub-table columns grouped under their table, or in an expandable row (childTableStyle).
  const layout = childLayout(
    shownColumns,
    columnData.childTableStyle,
    fields,
    (c) => ({
      key: c.prop,
      title: c.label,
      width: c.width ?? undefined,
      align: c.align,
      ellipsis: true,
      // Only main-form fields sort (the server refuses the others).
      sorter: c.sortable === true && !c.prop.includes('-'),
      sortOrder: list.query.sidx === c.prop ? (list.query.sort === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (_: unknown, row: RecordRow) =>
        row.top ? groupCell(row, c.prop) : editable && row.id === rowEditing.id ? rowEditing.cell(c.prop, fields.get(c.prop)) : cellText(core, fields, row, c.prop),
    }),
    (row, prop) => cellText(core, fields, row, prop),
    t('records.noChildRows'),
  );
  const tableColumns: TableColumnsType<RecordRow> = [...layout.columns];
  // A group row: its value and count under the first column, nothing under the others.
  const firstProp = shownColumns[0]?.prop;
  const groupCell = (row: RecordRow, prop: string) =>
    prop === firstProp ? <span className="qm-group-label">{`${String(row[prop] ?? '') || t('records.noGroup')}（${Number(row.count ?? 0)}）`}</span> : null;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const groups = groupField ? list.list.filter((r) => r.top).map((r) => r.id) : [];
  if (canEdit || canRemove || canDetail || (editable && canAdd)) {
    tableColumns.push(
      actionsColumn<RecordRow>(t, 180, (row) => row.top ? null : editable && row.id === rowEditing.id ? (
        <>
          <RowButton text={t('common.save')} label={labelOf(row)} onClick={() => void rowEditing.save()} />
          <RowButton text={t('common.cancel')} label={labelOf(row)} onClick={rowEditing.cancel} />
        </>
      ) : (
        <>
          {canEdit && <RowButton text={t('manage.edit')} label={labelOf(row)} onClick={() => (editable ? rowEditing.start(row) : void edit(row))} />}
          {canDetail && <RowButton text={t('model.detail')} label={labelOf(row)} onClick={() => void view(row)} />}
          {canRemove && <RowButton danger text={t('manage.remove')} label={labelOf(row)} onClick={() => confirm.remove(() => deleteRecord(modelId, row.id), list.refresh)} />}
        </>
      )),
    );
  }

  // 合计 under the summed columns shown: the page's rows, summed by the rules core.
  const summed = columnData.showSummary === true ? (columnData.summaryField ?? []).filter((p) => !p.includes('-')) : [];
  const leading = (canBatch || canBatchPrint ? 1 : 0) + (layout.expandedRow ? 1 : 0);
  const summary = summaryRow(
    core,
    tableColumns,
    summed,
    (prop) => fields.get(prop)?.thousands === true || (columnData.thousands === true && (columnData.thousandsField ?? []).includes(prop)),
    leading,
    t('records.summary'),
  );

  // What is granted is known once the rules core has loaded.
  if ((limitColumns || limitForm) && !permissions.ready) return <Spin className="qm-records-loading" />;
  const page = (
      <ListPage<RecordRow>
        list={list}
        search={searchBar}
        filters={searchItems.length ? <RecordSearch items={searchItems} values={searchValues} onChange={setSearchValues} onSearch={() => searchBar.search()} core={core} /> : undefined}
        onAdd={canAdd ? () => (editable ? rowEditing.start(null) : setEditing({ mode: 'create' })) : undefined}
        shownRows={editable ? rowEditing.rows : undefined}
        addLabel={t('records.add')}
        actions={
          <>
            {canExport && (
              <Button icon={<DownloadOutlined />} onClick={() => setExporting(true)}>
                {columnData.btnsList?.find((b) => b.value === 'download')?.label || t('records.export')}
              </Button>
            )}
            {canBatchPrint && (
              <Button
                icon={<PrinterOutlined />}
                onClick={() => {
                  // Nothing printed without a selection, and no confirmation (issue 29).
                  if (!selected.length) return void message.warning(t('records.selectOne'));
                  setPrinting({ templateIds: templateIdsOf(columnData.printIds), formIds: [...selected] });
                }}
              >
                {t('records.batchPrint')}
              </Button>
            )}
            {canBatch && (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!selected.length}
                onClick={() =>
                  confirm.action(t('records.batchRemoveConfirm', { count: selected.length }), () => deleteRecords(modelId, selected), () => {
                    clear();
                    list.refresh();
                  })
                }
              >
                {t('records.batchRemove')}
              </Button>
            )}
            {columnData.hasSuperQuery !== false && (
              <Button icon={<FilterOutlined />} className="qm-super-query-button" onClick={() => setSuperOpen(true)}>
                {superValue.conditions.length ? `${t('records.superQuery')} (${superValue.conditions.length})` : t('records.superQuery')}
              </Button>
            )}
            <ColumnSettingsButton onClick={() => setSettingColumns(true)} />
          </>
        }
        scroll={{ x: 'max-content' }}
        columns={tableColumns}
        rowSelection={canBatch || canBatchPrint ? { ...rowSelection, getCheckboxProps: (row: RecordRow) => ({ disabled: row.top === true }) } : undefined}
        paged={!unpaged}
        expandable={
          groupField
            ? {
                // Groups open, until one is closed.
                expandedRowKeys: groups.filter((id) => !collapsed.has(id)),
                onExpand: (open, row) =>
                  setCollapsed((was) => {
                    const next = new Set(was);
                    if (open) next.delete(row.id);
                    else next.add(row.id);
                    return next;
                  }),
              }
            : layout.expandedRow
              ? { expandedRowRender: layout.expandedRow }
              : undefined
        }
        summary={summary}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          list.setFilters(s?.order ? { sidx: String(s.columnKey), sort: s.order === 'ascend' ? 'asc' : 'desc' } : definedOrder);
        }}
      />
  );
  return (
    <div className="qm-records-page">
      {treeRelation ? (
        <div className="qm-records-with-tree">
          <ListTree
            settings={columnData}
            onSelect={(value) => {
              setTreeValue(value);
              list.setFilters({ queryJson: queryOf(appliedSearch, value) });
            }}
          />
          <div className="qm-records-main">{page}</div>
        </div>
      ) : (
        page
      )}
      <SuperQuery
        open={superOpen}
        form={shownForm}
        value={superValue}
        core={core}
        onClose={() => setSuperOpen(false)}
        onApply={(next) => {
          setSuperValue(next);
          setSuperOpen(false);
          list.setFilters({ superQueryJson: superQueryJsonOf(next, superFields) });
        }}
      />
      <ColumnSettingsDrawer
        open={settingColumns}
        items={columnSettings.items}
        onChange={(next) => void columnSettings.apply(next)}
        onReset={() => void columnSettings.reset()}
        onClose={() => setSettingColumns(false)}
      />
      <ExportDialog
        open={exporting}
        columns={shownColumns.map((c) => ({ key: c.prop, title: c.label }))}
        exportFile={(dataType, keys) =>
          exportRecords(modelId, {
            currentPage: list.query.currentPage,
            pageSize: list.query.pageSize,
            keyword: list.query.keyword,
            queryJson: list.query.queryJson,
            superQueryJson: list.query.superQueryJson,
            sidx: list.query.sidx,
            sort: list.query.sort,
            menuId: menuId ?? '',
            dataType,
            selectKey: keys,
          }) as Promise<Envelope<{ url: string }>>
        }
        onClose={() => setExporting(false)}
      />
      {editing && (
        <RecordForm
          key={editing.mode === 'edit' ? editing.id : 'new'}
          title={`${editing.mode === 'create' ? t('records.add') : t('manage.edit')} - ${config.fullName}`}
          form={shownForm}
          initial={editing.mode === 'edit' ? editing.record : undefined}
          model={{ id: editing.mode === 'edit' ? editing.id : undefined, modelId, type: config.type }}
          onClose={() => setEditing(null)}
          onSave={(record) =>
            editing.mode === 'create'
              ? createRecord(modelId, recordForSave(shownForm, record, limitForm ? form : undefined)).then(() => saved(t('records.created')))
              : updateRecord(modelId, editing.id, recordForSave(shownForm, record, limitForm ? form : undefined)).then(() => saved(t('records.updated')))
          }
        />
      )}
      {detail && (
        <DetailPopup
          open
          title={`${t('model.detail')} - ${config.fullName}`}
          formData={shownForm}
          record={detail}
          model={{ id: String(detail.id ?? ''), modelId, type: config.type }}
          onPrint={() => setPrinting({ templateIds: templateIdsOf(form.printId), formIds: [String(detail.id ?? '')] })}
          onClose={() => setDetail(null)}
        />
      )}
      {printing && <PrintFlow templateIds={printing.templateIds} formIds={printing.formIds} title={config.fullName} onClose={() => setPrinting(null)} />}
    </div>
  );
}

/**
 * The form popup of one record: a refusal with field messages goes under the fields (the
 * popup does that); one without (the optimistic lock's 数据已被修改，请刷新后重试) is told above
 * the buttons, and the form stays as typed.
 */
function RecordForm({
  title,
  form,
  initial,
  model,
  onClose,
  onSave,
}: {
  title: string;
  form: FormDefinition;
  initial?: FormRecord;
  model?: ModelExtra;
  onClose(): void;
  onSave(record: FormRecord): Promise<unknown>;
}) {
  const engine = useFormEngine(form, initial);
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <FormPopup
      open
      title={title}
      engine={engine}
      model={model}
      onClose={onClose}
      extra={refusal && <Alert type="error" showIcon className="qm-record-refusal" title={refusal} />}
      onSubmit={async (record) => {
        setRefusal(null);
        try {
          await onSave(record);
        } catch (error) {
          if (!fieldErrorsOf(error)) setRefusal((error as { msg?: string })?.msg || String(error));
          throw error;
        }
      }}
    />
  );
}
