/**
 * The generated form: formData's layouts (row, card, tab, collapse, tableGrid, groupTitle,
 * divider) and widgets, each value widget under its label with the messages the core (as the
 * user types) or the server (after a refused save) has for it. The detail viewer lays out the
 * same containers with read-only values (DetailViewer.tsx).
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Card, Col, Collapse, Form, Row, Spin, Table, Tabs, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { coreText } from '@/i18n';
import { useCore } from '@/hooks/useCore';
import { columnsOf, DISPLAY_ONLY, keyOf, labelOf, type Field, type FormRecord } from './definition';
import { EngineContext, type ModelExtra } from './context';
import { cellKey, type FormEngine, type ShownMessage } from './useFormEngine';
import { DisplayWidget, Widget } from './widgets';
import { columnTotal, formatNumber } from './values';
import { PickRows } from './popups';
import './engine.css';

/** How a leaf (a widget that is not a container) is drawn: as a form input, or read-only. */
export type LeafRenderer = (field: Field, index: number) => ReactNode;

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
const spanOf = (field: Field) => (typeof field.__config__.span === 'number' ? field.__config__.span : 24);

/** Is the field shown on pc (the core's rule: visibility has pc, noShow unset; VIEW-011)? */
export type Shown = (field: Field) => boolean;

/** Lays out fields with their containers; `leaf` draws each widget the core says is shown. */
export function renderLayout(fields: Field[], leaf: LeafRenderer, gutter: number, shown: Shown): ReactNode[] {
  return fields.map((field, index) => {
    if (!field?.__config__ || !shown(field)) return null;
    const c = field.__config__;
    const key = keyOf(field, index);
    const children = Array.isArray(c.children) ? c.children : [];
    const inner = (list: Field[]) => <Row gutter={gutter}>{renderLayout(list, leaf, gutter, shown)}</Row>;
    switch (c.jnpfKey) {
      case 'row':
        return (
          <Col key={key} span={spanOf(field)} data-layout="row">
            {inner(children)}
          </Col>
        );
      case 'card':
        return (
          <Col key={key} span={spanOf(field)} data-layout="card">
            <Card size="small" title={str(field.header) || undefined} className="qm-engine-card">
              {inner(children)}
            </Card>
          </Col>
        );
      case 'tab': {
        const items = children.map((item, i) => ({ key: String(i), label: str(item.title), forceRender: true, children: inner(item.__config__.children ?? []) }));
        return (
          <Col key={key} span={spanOf(field)} data-layout="tab">
            <Tabs className="qm-engine-tabs" type={field.type === 'card' || field.type === 'border-card' ? 'card' : 'line'} tabPlacement={(str(field['tab-position']) || 'top') === 'left' ? 'start' : 'top'} items={items} />
          </Col>
        );
      }
      case 'collapse': {
        const items = children.map((item, i) => ({ key: str(item.name) || String(i), label: str(item.title), forceRender: true, children: inner(item.__config__.children ?? []) }));
        const active = Array.isArray(c.active) ? (c.active as unknown[]).map(str) : items.map((i) => i.key);
        return (
          <Col key={key} span={spanOf(field)} data-layout="collapse">
            <Collapse className="qm-engine-collapse" accordion={field.accordion === true} defaultActiveKey={field.accordion === true ? active.slice(0, 1) : active} items={items} />
          </Col>
        );
      }
      case 'tableGrid': {
        const border = `${c.borderWidth ?? 1}px ${str(c.borderType) || 'solid'} ${str(c.borderColor) || '#E2E0E0'}`;
        return (
          <Col key={key} span={24} data-layout="tableGrid">
            <table className="qm-engine-grid" style={{ border }}>
              <tbody>
                {children.map((tr, r) => (
                  <tr key={keyOf(tr, r)}>
                    {(tr.__config__.children ?? [])
                      .filter((td) => !td.__config__.merged)
                      .map((td, d) => (
                        <td key={keyOf(td, d)} colSpan={td.__config__.colspan ?? 1} rowSpan={td.__config__.rowspan ?? 1} style={{ border }}>
                          {inner(td.__config__.children ?? [])}
                        </td>
                      ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Col>
        );
      }
      default:
        return (
          <Col key={key} span={spanOf(field)} data-jnpf-key={c.jnpfKey} data-field={field.__vModel__ || undefined}>
            {leaf(field, index)}
          </Col>
        );
    }
  });
}

/** The text of messages under a field. */
export function messageTexts(list: ShownMessage[] | undefined): string[] {
  return (list ?? []).map((m) => (typeof m === 'string' ? m : coreText(m)));
}

/** A label with its tooltip (tipLabel). */
export function FieldLabel({ field }: { field: Field }) {
  const tip = field.__config__.tipLabel;
  return (
    <span>
      {labelOf(field)}
      {tip ? (
        <Tooltip title={tip}>
          <QuestionCircleOutlined className="qm-engine-tip" />
        </Tooltip>
      ) : null}
    </span>
  );
}

function Messages({ name, list }: { name: string; list: string[] }) {
  if (!list.length) return null;
  return (
    <div className="qm-engine-messages" data-messages-for={name}>
      {list.map((text) => (
        <div key={text}>{text}</div>
      ))}
    </div>
  );
}

export interface FormRendererProps {
  /** The form's state (useFormEngine). */
  engine: FormEngine;
  /** Everything read-only (besides the form's own `disabled`). */
  disabled?: boolean;
  /** The record and model shown (a qrcode of dataType 'form' encodes them). */
  model?: ModelExtra;
}

/** The generated form of `engine.form`, filled and checked through `engine`. */
export function FormRenderer({ engine, disabled = false, model }: FormRendererProps) {
  const core = useCore();
  const [picked, setPickedState] = useState<Record<string, Record<string, unknown>>>({});
  const setPicked = useCallback(
    (name: string, row: Record<string, unknown> | null) =>
      setPickedState((p) => {
        const next = { ...p };
        if (row) next[name] = row;
        else delete next[name];
        return next;
      }),
    [],
  );
  const context = useMemo(() => ({ core, picked, setPicked, model }), [core, picked, setPicked, model]);
  const form = engine.form;
  const allDisabled = disabled || form.disabled === true;
  const gutter = typeof form.gutter === 'number' ? form.gutter : 15;

  if (!core) return <Spin className="qm-engine-loading" />;
  const shown: Shown = (field) => core.isShownOnPc(field);

  const leaf: LeafRenderer = (field) => {
    const c = field.__config__;
    const name = field.__vModel__ ?? '';
    if (c.jnpfKey === 'table') return <SubTable field={field} engine={engine} disabled={allDisabled || field.disabled === true} />;
    const showLabel = c.showLabel !== false && !['groupTitle', 'divider', 'alert', 'JNPFText'].includes(c.jnpfKey);
    if (DISPLAY_ONLY.has(c.jnpfKey) || !name) {
      const shown = <DisplayWidget field={field} record={engine.record} onStore={name ? (v) => engine.setValue(name, v) : undefined} />;
      return showLabel ? <Form.Item label={<FieldLabel field={field} />}>{shown}</Form.Item> : shown;
    }
    const list = messageTexts(engine.messages[name]);
    const blur = [c.trigger].flat().includes('blur');
    return (
      <Form.Item
        label={showLabel ? <FieldLabel field={field} /> : undefined}
        htmlFor={`field-${name}`}
        required={c.required === true}
        validateStatus={list.length ? 'error' : undefined}
        help={list.length ? <Messages name={name} list={list} /> : undefined}
      >
        <Widget
          id={`field-${name}`}
          field={field}
          value={engine.record[name]}
          record={engine.record}
          disabled={allDisabled || field.disabled === true}
          onChange={(v) => engine.setValue(name, v)}
          onBlur={blur ? () => engine.check(name) : undefined}
        />
      </Form.Item>
    );
  };

  const labelWidth = typeof form.labelWidth === 'number' ? form.labelWidth : 100;
  const top = form.labelPosition === 'top';
  return (
    <EngineContext.Provider value={context}>
      <Form
        component="div"
        className="qm-engine-form"
        layout={top ? 'vertical' : 'horizontal'}
        labelAlign={form.labelPosition === 'left' ? 'left' : 'right'}
        labelCol={top ? undefined : { flex: `${labelWidth}px` }}
        labelWrap
        disabled={allDisabled}
      >
        <Row gutter={gutter}>{renderLayout(form.fields, leaf, gutter, shown)}</Row>
      </Form>
    </EngineContext.Provider>
  );
}

/** A sub-table (table): its rows of cells, 添加 a blank row, delete a row, the 合计 row. */
function SubTable({ field, engine, disabled }: { field: Field; engine: FormEngine; disabled: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const core = useCore();
  const [picking, setPicking] = useState(false);
  const conf = (field.addTableConf as Record<string, unknown> | undefined) ?? {};
  const byPicking = Number(field.addType) === 1 && !!conf.interfaceId;
  const table = field.__vModel__ as string;
  const rows = (Array.isArray(engine.record[table]) ? engine.record[table] : []) as FormRecord[];
  const columns = columnsOf(field).filter((c) => !core || core.isShownOnPc(c));
  const thousandsFields = new Set(field.thousands === true && Array.isArray(field.thousandsField) ? (field.thousandsField as string[]) : []);
  const summary = field['show-summary'] === true ? new Set(Array.isArray(field.summaryField) ? (field.summaryField as string[]) : []) : null;
  const tableMessages = messageTexts(engine.messages[table]);
  // WGT-077, WGT-079: the delete icon and the add button unless the definition turns them off
  // (showDeleteBtn / showAddBtn, top level or in __config__; JNPF 3.4.7 has neither: shown).
  const flag = (name: string) => (field[name] ?? field.__config__[name]) !== false;
  const canDelete = !disabled && flag('showDeleteBtn');
  const canAdd = !disabled && flag('showAddBtn');

  const columnOf = (column: Field) => {
    const name = column.__vModel__ as string;
    return {
      key: name,
      title: (
        <span className={column.__config__.required ? 'qm-engine-required' : undefined}>
          <FieldLabel field={column} />
        </span>
      ),
      width: typeof column.__config__.columnWidth === 'number' ? column.__config__.columnWidth : undefined,
      render: (_: unknown, row: FormRecord, index: number) => {
        const key = cellKey(table, index, name);
        const found = engine.messages[key] ?? [];
        const list = messageTexts(found);
        // WGT-085: JNPF's cell flags — valid false when the required check fails, regValid
        // false when one of the cell's patterns fails (the core's message keys say which).
        const failed = (k: string) => found.some((m) => typeof m !== 'string' && m.key === k);
        const blur = [column.__config__.trigger].flat().includes('blur');
        const cellField = thousandsFields.has(name) ? { ...column, thousands: true } : column;
        return (
          <div
            className={list.length ? 'qm-engine-cell qm-engine-cell-error' : 'qm-engine-cell'}
            data-cell={key}
            data-valid={String(!failed('field.cellRequired'))}
            data-reg-valid={String(!failed('field.pattern'))}
          >
            <Widget
              field={cellField}
              value={row[name]}
              row={row}
              record={engine.record}
              disabled={disabled || column.disabled === true}
              onChange={(v) => engine.setCell(table, index, name, v)}
              onBlur={blur ? () => engine.check(table) : undefined}
            />
            <Messages name={key} list={list} />
          </div>
        );
      },
    };
  };

  // Header groups (complexHeaderList): columns named in a group sit under its title.
  const groups = (Array.isArray(field.complexHeaderList) ? field.complexHeaderList : []) as { fullName: string; align?: string; childColumns: string[] }[];
  const grouped = new Set(groups.flatMap((g) => g.childColumns ?? []));
  type TableColumn = ReturnType<typeof columnOf> | { key: string; title: string; align?: 'center' | 'left' | 'right'; children: ReturnType<typeof columnOf>[] };
  const tableColumns: TableColumn[] = [];
  for (const column of columns) {
    const name = column.__vModel__ as string;
    const group = groups.find((g) => g.childColumns?.includes(name));
    if (!grouped.has(name)) tableColumns.push(columnOf(column));
    else if (group && group.childColumns.find((n) => columns.some((c) => c.__vModel__ === n)) === name) {
      tableColumns.push({
        key: `group-${group.fullName}`,
        title: group.fullName,
        align: (group.align as 'center') ?? 'center',
        children: group.childColumns.map((n) => columns.find((c) => c.__vModel__ === n)).filter((c): c is Field => !!c).map(columnOf),
      });
    }
  }
  const actions = {
    key: '__actions',
    title: t('engine.actions'),
    width: 70,
    // A table wider than the dialog scrolls; 操作 stays in sight on its right.
    fixed: 'right' as const,
    render: (_: unknown, __: FormRecord, index: number) => (
      <Button
        type="link"
        danger
        size="small"
        icon={<DeleteOutlined />}
        aria-label={t('engine.removeRow', { row: index + 1 })}
        onClick={() =>
          // WGT-082: a warning with 取消; cancelling keeps the row.
          modal.warning({
            title: t('common.tip'),
            content: t('manage.removeConfirm'),
            okText: t('common.confirm'),
            cancelText: t('common.cancel'),
            okCancel: true,
            onOk: () => engine.removeRow(table, index),
          })
        }
      />
    ),
  };
  const indexColumn = { key: '__index', title: t('common.index'), width: 60, render: (_: unknown, __: FormRecord, index: number) => index + 1 };

  return (
    <div className="qm-engine-subtable" data-table={table}>
      {field.__config__.showTitle !== false && (
        <div className="qm-engine-subtable-title">
          <FieldLabel field={field} />
        </div>
      )}
      <Table<FormRecord>
        size="small"
        bordered
        rowKey="__row"
        dataSource={rows.map((r, i) => ({ ...r, __row: i }))}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[indexColumn, ...(tableColumns as never[]), ...(canDelete ? [actions] : [])]}
        summary={
          summary
            ? () => (
                <Table.Summary.Row className="qm-engine-summary">
                  <Table.Summary.Cell index={0}>{t('engine.total')}</Table.Summary.Cell>
                  {columns.map((column, i) => {
                    const name = column.__vModel__ as string;
                    const total = summary.has(name) ? columnTotal(core, engine.record, table, column) : '';
                    return (
                      <Table.Summary.Cell index={i + 1} key={name}>
                        <span data-summary={name}>{total && formatNumber(core, total, column.precision ?? 2, thousandsFields.has(name))}</span>
                      </Table.Summary.Cell>
                    );
                  })}
                  {canDelete && <Table.Summary.Cell index={columns.length + 1} />}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
      <Messages name={table} list={tableMessages} />
      {canAdd && (
        <Button type="dashed" block icon={<PlusOutlined />} onClick={() => (byPicking ? setPicking(true) : engine.addRow(table))} className="qm-engine-add-row">
          {str(field.actionText) || t('engine.addRow')}
        </Button>
      )}
      {picking && <PickRows conf={conf} record={engine.record} onClose={() => setPicking(false)} onPick={(picked) => engine.addRow(table, picked)} />}
    </div>
  );
}

