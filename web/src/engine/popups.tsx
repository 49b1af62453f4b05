/**
 * Widgets that pick rows of a list (jnpf-wire-engine.md §3.5): popupSelect in a dialog or
 * drawer and popupTableSelect in a popover (spec 02 §2.3), both from a data interface
 * (Action/List, the text of a kept value from Action/InfoByIds); relationForm from a released
 * model's records (Base FieldDataSelect). The chosen row is shared with the form
 * (EngineContext.picked) for popupAttr / relationFormAttr.
 */
import { useEffect, useState } from 'react';
import { App, Button, Drawer, Input, Modal, Popover, Select, Space, Table, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { interfaceRowsByIds, listInterfaceRows } from '@/api/dataInterface';
import { getRecordDetail, recordOf } from '@/api/onlineDev';
import { getRelatedRecords } from '@/api/visualdev';
import { useEngineContext, type WidgetProps } from './context';
import { useRelated } from './related';
import { paramList } from './values';

type Row = Record<string, unknown>;
type Column = { value: string; label: string };

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
const widthOf = (v: unknown) => (typeof v === 'string' && v ? v : 800);
/** A drawer's size: pixels as a number ('600px' → 600), anything else as given. */
const drawerSize = (v: unknown) => {
  const w = widthOf(v);
  return typeof w === 'string' && /^\d+(px)?$/.test(w) ? parseInt(w, 10) : w;
};

interface PageAnswer {
  rows: Row[];
  total: number;
}

/** How a widget's pick dialog looks (popupTitle, popupType drawer or dialog, popupWidth). */
const dialogLook = (conf: Record<string, unknown>, t: (key: string) => string) => ({
  title: str(conf.popupTitle) || t('engine.pickData'),
  drawer: conf.popupType === 'drawer',
  width: str(conf.popupWidth),
});

/** A searchable, paged table of rows in a dialog (popupType dialog) or a drawer. */
export function RowDialog({
  open,
  title,
  drawer,
  width,
  columns,
  rowKey,
  multiple,
  hasPage,
  pageSize,
  load,
  onCancel,
  onPick,
}: {
  open: boolean;
  title: string;
  drawer: boolean;
  width: string | number;
  columns: Column[];
  rowKey: string;
  multiple: boolean;
  hasPage: boolean;
  pageSize: number;
  load(keyword: string, currentPage: number, pageSize: number): Promise<PageAnswer>;
  onCancel(): void;
  onPick(rows: Row[]): void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<PageAnswer>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Row[]>([]);
  const [query, setQuery] = useState('');
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setLoading(true);
    // Without paging the dialog asks for everything at once (spec 02 §9: 100000); a failed
    // call stops loading and leaves the list as it was (WGT-047).
    load(query, page, hasPage ? pageSize : 100000).then(
      (a) => alive && (setAnswer(a), setLoading(false)),
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloaded by the query and page
  }, [open, query, page, tick]);

  const body = (
    <div className="qm-engine-popup">
      <Space className="qm-engine-popup-search" wrap>
        <Input
          allowClear
          placeholder={t('common.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => {
            setPage(1);
            setQuery(keyword);
          }}
        />
        <Button
          type="primary"
          onClick={() => {
            setPage(1);
            setQuery(keyword);
          }}
        >
          {t('common.search')}
        </Button>
        <Button
          onClick={() => {
            setKeyword('');
            setPage(1);
            setQuery('');
          }}
        >
          {t('common.reset')}
        </Button>
        <Button type="link" onClick={() => setTick((n) => n + 1)}>
          {t('common.refresh')}
        </Button>
      </Space>
      <Table<Row>
        size="small"
        rowKey={(r) => str(r[rowKey] ?? r.id)}
        loading={loading}
        dataSource={answer.rows}
        columns={[
          { key: '__index', title: t('common.index'), width: 60, render: (_: unknown, __: Row, i: number) => (page - 1) * pageSize + i + 1 },
          ...columns.map((c) => ({ key: c.value, dataIndex: c.value, title: c.label, ellipsis: true })),
        ]}
        pagination={hasPage ? { current: page, pageSize, total: answer.total, onChange: setPage, showSizeChanger: false } : false}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: chosen.map((r) => str(r[rowKey] ?? r.id)),
          onChange: (_, rows) => setChosen(rows),
        }}
        onRow={(r) => ({ onDoubleClick: () => !multiple && onPick([r]) })}
      />
    </div>
  );
  const footer = { okText: t('common.confirm'), cancelText: t('common.cancel') };
  if (drawer) {
    // The drawer has the dialog's 取消 and 确定 (spec 02 §2.2); 确定 with nothing chosen does nothing.
    const buttons = (
      <Space className="qm-engine-popup-footer">
        <Button onClick={onCancel}>{footer.cancelText}</Button>
        <Button type="primary" onClick={() => chosen.length && onPick(chosen)}>
          {footer.okText}
        </Button>
      </Space>
    );
    return (
      <Drawer open={open} title={title} size={drawerSize(width)} onClose={onCancel} destroyOnHidden footer={buttons} rootClassName="qm-engine-popup-drawer">
        {body}
      </Drawer>
    );
  }
  return (
    <Modal open={open} title={title} width={widthOf(width)} onCancel={onCancel} onOk={() => chosen.length && onPick(chosen)} destroyOnHidden {...footer}>
      {body}
    </Modal>
  );
}

/** A sub-table's picked interface row as a new row: relationOptions map columns (WGT-081). */
export function rowFromPick(picked: Row, relationOptions: unknown): Row {
  const out: Row = {};
  if (!Array.isArray(relationOptions)) return out;
  for (const o of relationOptions as { field: string; type?: number | string; value?: unknown }[]) {
    if (!o?.field) continue;
    out[o.field] = Number(o.type) === 2 ? o.value : picked[str(o.value)];
  }
  return out;
}

/** 添加 by picking rows from a data interface (addType 1): each picked row becomes a new row. */
export function PickRows({ conf, record, onPick, onClose }: { conf: Record<string, unknown>; record: Record<string, unknown>; onPick(rows: Row[]): void; onClose(): void }) {
  const { t } = useTranslation();
  const columns = (Array.isArray(conf.columnOptions) ? conf.columnOptions : []) as Column[];
  const interfaceId = str(conf.interfaceId);
  return (
    <RowDialog
      open
      {...dialogLook(conf, t)}
      columns={columns}
      rowKey="id"
      multiple
      hasPage={conf.hasPage !== false}
      pageSize={typeof conf.pageSize === 'number' ? conf.pageSize : 20}
      load={async (keyword, currentPage, pageSize) => {
        const { data } = await listInterfaceRows(interfaceId, {
          keyword,
          currentPage,
          pageSize,
          columnOptions: columns.map((c) => c.value).join(','),
          paramList: paramList(conf.templateJson, record),
        });
        return { rows: (data?.list ?? []) as Row[], total: data?.pagination?.total ?? 0 };
      }}
      onCancel={onClose}
      onPick={(rows) => {
        onClose();
        if (rows.length) onPick(rows.map((r) => rowFromPick(r, conf.relationOptions)));
      }}
    />
  );
}

/**
 * The rows known for the values shown (their text): those picked, and for a kept value (an
 * edited record) the interface's rows by their ids (Action/InfoByIds).
 */
function useKnownRows(interfaceId: string, values: string[], propsValue: string, relationField: string, params: ReturnType<typeof paramList>) {
  const [rows, setRows] = useState<Row[]>([]);
  const wanted = values.join(',');
  useEffect(() => {
    if (!interfaceId || !values.length || values.every((v) => rows.some((r) => str(r[propsValue]) === v))) return;
    interfaceRowsByIds(interfaceId, { ids: values, interfaceId, propsValue, relationField, paramList: params }).then(
      ({ data }) => Array.isArray(data) && setRows(data),
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- by the kept values
  }, [interfaceId, wanted]);
  return [rows, setRows] as const;
}

/**
 * A popupSelect or popupTableSelect value as the detail view shows it: the chosen rows'
 * row[relationField], asked of the interface by id (InfoByIds) as the field itself does; a
 * value no row answers for (already a name, or a row gone) shows as it is.
 */
export function PopupText({ field, value, record }: { field: WidgetProps['field']; value: unknown; record: WidgetProps['record'] }) {
  const interfaceId = str(field.interfaceId);
  const propsValue = str(field.propsValue) || 'id';
  const textKey = str(field.relationField) || 'fullName';
  const values = (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]).map(str);
  const [rows] = useKnownRows(interfaceId, values, propsValue, textKey, paramList(field.templateJson, record, undefined));
  return <span className="qm-engine-value">{values.map((v) => str(rows.find((r) => str(r[propsValue]) === v)?.[textKey]) || v).join(',')}</span>;
}

/**
 * What popupSelect and popupTableSelect read of their field and value: the interface, the row
 * key (propsValue) and text (relationField) keys, the values as a list, the rows known for them
 * and their texts, the list's columns and the interface's parameters.
 */
function useInterfaceValue({ field, value, record, row }: Pick<WidgetProps, 'field' | 'value' | 'record' | 'row'>) {
  const interfaceId = str(field.interfaceId);
  const propsValue = str(field.propsValue) || 'id';
  const textKey = str(field.relationField) || 'fullName';
  const multiple = field.multiple === true;
  const values = (multiple ? (Array.isArray(value) ? value : []) : value == null || value === '' ? [] : [value]).map(str);
  const params = paramList(field.templateJson, record, row);
  const [rows, setRows] = useKnownRows(interfaceId, values, propsValue, textKey, params);
  const keyOf = (r: Row) => str(r[propsValue]);
  const columns = (Array.isArray(field.columnOptions) ? field.columnOptions : []) as Column[];
  /** A page of the interface's rows with the field's keys, columns and parameters (Action/List). */
  const listRows = (keyword: string, currentPage: number, pageSize: number) =>
    listInterfaceRows(interfaceId, {
      keyword,
      currentPage,
      pageSize,
      interfaceId,
      propsValue,
      relationField: textKey,
      columnOptions: columns.map((c) => c.value).join(','),
      paramList: params,
    });
  return {
    interfaceId,
    propsValue,
    textKey,
    multiple,
    values,
    params,
    rows,
    setRows,
    keyOf,
    name: str(field.__vModel__),
    text: values.map((v) => str(rows.find((r) => keyOf(r) === v)?.[textKey]) || v),
    columns,
    listRows,
  };
}

/**
 * The field of a popup widget: the chosen values' texts (tags when multiple), never a
 * dropdown of its own; a tag deleted or the value cleared takes effect at once.
 */
function PopupValueSelect({
  id,
  field,
  disabled,
  chosen,
  onChange,
  onClick,
  extra,
}: {
  id?: string;
  field: WidgetProps['field'];
  disabled?: boolean;
  chosen: ReturnType<typeof useInterfaceValue>;
  onChange: WidgetProps['onChange'];
  onClick?(): void;
  extra?: Partial<SelectProps>;
}) {
  const { t } = useTranslation();
  const { setPicked } = useEngineContext();
  const { multiple, values, text, name } = chosen;
  return (
    <Select
      id={id}
      className="qm-engine-popup-select"
      mode={multiple ? 'multiple' : undefined}
      open={false}
      disabled={disabled}
      allowClear={field.clearable !== false}
      placeholder={str(field.placeholder) || t('engine.selectPlaceholder')}
      value={(multiple ? values : values[0]) as never}
      options={values.map((v, i) => ({ value: v, label: text[i] }))}
      onClick={onClick}
      {...extra}
      onChange={(v) => {
        const next = multiple ? ((v ?? []) as string[]) : str(v);
        onChange(next);
        if (!multiple && !v) setPicked(name, null);
      }}
      style={{ width: '100%' }}
    />
  );
}

/** popupSelect: the value is row[propsValue], the text row[relationField]. */
export function PopupSelect({ field, value, onChange, disabled, record, row, id }: WidgetProps) {
  const { t } = useTranslation();
  const { setPicked } = useEngineContext();
  const [open, setOpen] = useState(false);
  const chosen = useInterfaceValue({ field, value, record, row });
  const { interfaceId, propsValue, multiple, name, setRows, columns, listRows } = chosen;
  return (
    <>
      <PopupValueSelect id={id} field={field} disabled={disabled} chosen={chosen} onChange={onChange} onClick={() => !disabled && interfaceId && setOpen(true)} />
      {open && (
        <RowDialog
          open
          {...dialogLook(field, t)}
          columns={columns}
          rowKey={propsValue}
          multiple={multiple}
          hasPage={field.hasPage === true || field.interfaceHasPage === 1}
          pageSize={typeof field.pageSize === 'number' ? field.pageSize : 20}
          load={async (keyword, currentPage, pageSize) => {
            const { data } = await listRows(keyword, currentPage, pageSize);
            return { rows: (data?.list ?? []) as Row[], total: data?.pagination?.total ?? 0 };
          }}
          onCancel={() => setOpen(false)}
          onPick={(picked) => {
            setOpen(false);
            setRows((r) => [...r, ...picked]);
            if (multiple) onChange(picked.map((r) => str(r[propsValue])));
            else {
              onChange(picked[0] ? str(picked[0][propsValue]) : '');
              setPicked(name, picked[0] ?? null);
            }
          }}
        />
      )}
    </>
  );
}

/**
 * popupTableSelect (spec 02 §2.3, §4.4): a popover 700px wide with the keyword filter when the
 * field is filterable (Enter searches from page 1) and a table 300 high, radio selection when
 * single, checkbox when multiple (a row click toggles it), 取消 and 确定. Opening seeds the
 * selection from the value and lists page 1 afresh; 确定 with nothing chosen clears a single
 * value. Multiple picks show as tags — with the field's collapse-tags, the first and '+N' —
 * and deleting one (or clearing) takes effect at once. A multiple value that is not a list is
 * reset to an empty one. The value is row[propsValue] (or a list of them), the text
 * row[relationField].
 */
export function PopupTableSelect({ field, value, onChange, disabled, record, row, id }: WidgetProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { setPicked } = useEngineContext();
  const chosenValue = useInterfaceValue({ field, value, record, row });
  const { interfaceId, multiple, values, name, rows, setRows, keyOf, columns, listRows } = chosenValue;
  const collapse = field['collapse-tags'] === true || field.collapseTags === true;
  const hasPage = field.hasPage === true || field.interfaceHasPage === 1;
  const pageSize = typeof field.pageSize === 'number' ? field.pageSize : 20;
  const notList = multiple && value != null && !Array.isArray(value);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState(0);
  const [answer, setAnswer] = useState<PageAnswer>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);

  // WGT-058: a multiple value must be a list.
  useEffect(() => {
    if (notList) onChange([]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value is wrong
  }, [notList]);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setLoading(true);
    listRows(query, page, hasPage ? pageSize : 10000).then(
      ({ data }) => alive && (setAnswer({ rows: (data?.list ?? []) as Row[], total: data?.pagination?.total ?? 0 }), setLoading(false)),
      (failure: { msg?: string } | undefined) => {
        if (!alive) return;
        // WGT-047: the list stays as it was; the call is quiet, so the popover says why.
        setLoading(false);
        void message.error(failure?.msg || t('common.requestError'));
      },
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloaded by opening, the query and the page
  }, [open, opened, query, page]);

  const show = () => {
    if (disabled || !interfaceId) return;
    setChosen(values);
    setKeyword('');
    setQuery('');
    setPage(1);
    setAnswer({ rows: [], total: 0 });
    setOpened((n) => n + 1);
    setOpen(true);
  };
  const toggle = (key: string, on?: boolean) =>
    setChosen((c) => (!multiple ? [key] : (on ?? !c.includes(key)) ? (c.includes(key) ? c : [...c, key]) : c.filter((k) => k !== key)));
  const confirm = () => {
    setOpen(false);
    const known = [...rows, ...answer.rows.filter((r) => chosen.includes(keyOf(r)) && !rows.some((k) => keyOf(k) === keyOf(r)))];
    setRows(known);
    if (multiple) {
      onChange(chosen);
      return;
    }
    const picked = chosen[0] ? (known.find((r) => keyOf(r) === chosen[0]) ?? null) : null;
    onChange(chosen[0] ?? '');
    setPicked(name, picked);
  };
  const search = () => {
    setPage(1);
    setQuery(keyword);
  };
  const content = (
    <div className="qm-engine-popup-table" style={{ width: 700 }}>
      {field.filterable === true && (
        <Input
          className="qm-engine-popup-table-search"
          allowClear
          placeholder={t('common.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
        />
      )}
      <Table<Row>
        size="small"
        rowKey={keyOf}
        loading={loading}
        dataSource={answer.rows}
        scroll={{ y: 300 }}
        columns={columns.map((c) => ({ key: c.value, dataIndex: c.value, title: c.label, ellipsis: true }))}
        pagination={hasPage ? { current: page, pageSize, total: answer.total, onChange: setPage, showSizeChanger: false, size: 'small' } : false}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: chosen,
          onSelect: (r, on) => toggle(keyOf(r), on),
          onSelectAll: (on, _all, changed) => changed.forEach((r) => toggle(keyOf(r), on)),
        }}
        onRow={(r) => ({ onClick: () => toggle(keyOf(r)) })}
      />
      <div className="qm-engine-popup-table-footer">
        <Button size="small" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
        <Button size="small" type="primary" onClick={confirm}>
          {t('common.confirm')}
        </Button>
      </div>
    </div>
  );

  return (
    // Opened by a click on the field, but not by deleting a tag or clearing (those take effect
    // at once); closed by a click outside, 取消 or 确定.
    <Popover open={open} trigger="click" placement="bottomLeft" content={content} onOpenChange={(next) => !next && setOpen(false)} destroyOnHidden>
      <div
        className="qm-engine-popup-table-select"
        onClick={(e) => !(e.target as HTMLElement).closest('.ant-select-clear, .ant-select-selection-item-remove') && show()}
      >
        <PopupValueSelect
          id={id}
          field={field}
          disabled={disabled}
          chosen={chosenValue}
          onChange={onChange}
          extra={{ maxTagCount: multiple && collapse ? 1 : undefined, maxTagPlaceholder: (omitted) => `+${omitted.length}` }}
        />
      </div>
    </Popover>
  );
}

/**
 * relationForm: a record of another released model; the value is its id, the text its
 * relationField. A kept value (an edited record) is read with the related model's DataChange,
 * which gives its text and the fields relationFormAttr shows; should that fail, the id shows.
 */
export function RelationForm({ field, value, onChange, disabled, id }: WidgetProps) {
  const { t } = useTranslation();
  const { picked, setPicked } = useEngineContext();
  const { RelatedDetail } = useRelated();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState(false);
  const modelId = str(field.modelId);
  const textKey = str(field.relationField);
  const name = str(field.__vModel__);
  const columns = (Array.isArray(field.columnOptions) ? field.columnOptions : []) as Column[];
  const chosen = picked[name];
  const text = value ? str(chosen?.[textKey]) || str(value) : '';
  const kept = value && !chosen && modelId ? str(value) : '';
  useEffect(() => {
    if (!kept) return;
    let alive = true;
    getRecordDetail(modelId, kept, { quiet: true }).then(
      (answer) => alive && setPicked(name, recordOf(answer.data)),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [kept, modelId, name, setPicked]);
  // Disabled with a value, a click shows the linked record read-only (WGT-060).
  const linked = Boolean(disabled && value && modelId && RelatedDetail);
  return (
    <>
      <div className={linked ? 'qm-engine-relation-form-linked' : undefined} onClick={() => linked && setViewing(true)}>
        <Select
          id={id}
          className="qm-engine-relation-form"
          open={false}
          disabled={disabled}
          allowClear={field.clearable !== false}
          placeholder={str(field.placeholder) || t('engine.selectPlaceholder')}
          value={value ? str(value) : undefined}
          options={value ? [{ value: str(value), label: text }] : []}
          onClick={() => !disabled && modelId && setOpen(true)}
          onChange={(v) => {
            onChange(v ? str(v) : '');
            if (!v) setPicked(name, null);
          }}
          style={{ width: '100%' }}
        />
      </div>
      {viewing && RelatedDetail && <RelatedDetail modelId={modelId} id={str(value)} onClose={() => setViewing(false)} />}
      {open && (
        <RowDialog
          open
          {...dialogLook(field, t)}
          columns={columns}
          rowKey="id"
          multiple={false}
          hasPage={field.hasPage === true}
          pageSize={typeof field.pageSize === 'number' ? field.pageSize : 20}
          load={async (keyword, currentPage, pageSize) => {
            const { data } = await getRelatedRecords(modelId, {
              keyword,
              currentPage,
              pageSize,
              relationField: textKey,
              columnOptions: columns.map((c) => c.value).join(','),
            });
            return { rows: (data?.list ?? []) as Row[], total: data?.pagination?.total ?? 0 };
          }}
          onCancel={() => setOpen(false)}
          onPick={(rows) => {
            setOpen(false);
            onChange(rows[0] ? str(rows[0].id) : '');
            setPicked(name, rows[0] ?? null);
          }}
        />
      )}
    </>
  );
}
