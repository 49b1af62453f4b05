/**
 * Sub-table columns of a generated list (jnpf-wire-engine.md §4.1, §4.5): columnList props
 * `table-column` read the record's sub-table rows, which the List answer carries as
 * `row[table]` (display values). `childTableStyle` 1 groups a sub-table's columns under one
 * header with one line per sub-table row; 2 leaves them out of the table and shows them in an
 * expandable row, one tab per sub-table (issue 28 §1).
 */
import type { ReactNode } from 'react';
import { Empty, Table, Tabs, type TableColumnsType } from 'antd';
import type { RecordRow } from '@/api/onlineDev';
import type { Field } from '@/engine';

/** A column of columnList as the list reads it. */
export interface ListColumn {
  prop: string;
  label: string;
  sortable?: boolean;
  width?: number | null;
  align?: 'left' | 'right' | 'center';
  jnpfKey?: string;
}

/** The sub-table a column reads (`table-column` whose table is a sub-table of the form), or null. */
export function childTableOf(prop: string, fields: Map<string, Field>): string | null {
  const dash = prop.indexOf('-');
  if (dash <= 0) return null;
  const table = prop.slice(0, dash);
  return fields.get(table)?.__config__.jnpfKey === 'table' ? table : null;
}

/** The column's own label: the designer writes `TableLabel-ColumnLabel`. */
function columnLabel(column: ListColumn, tableLabel: string): string {
  return column.label.startsWith(`${tableLabel}-`) ? column.label.slice(tableLabel.length + 1) : column.label;
}

function tableLabel(table: string, fields: Map<string, Field>): string {
  return String(fields.get(table)?.__config__.label ?? table);
}

function childRows(row: RecordRow, table: string): RecordRow[] {
  const rows = row[table];
  return Array.isArray(rows) ? (rows as RecordRow[]) : [];
}

/** One sub-table's columns in one table: the rows of a record, the column labels without the table's. */
function ChildTable({ table, columns, rows, fields, text }: { table: string; columns: ListColumn[]; rows: RecordRow[]; fields: Map<string, Field>; text: CellText }) {
  const label = tableLabel(table, fields);
  return (
    <Table<RecordRow>
      size="small"
      rowKey={(r) => String(r.id ?? JSON.stringify(r))}
      pagination={false}
      dataSource={rows}
      columns={columns.map((c) => ({ key: c.prop, title: columnLabel(c, label), align: c.align, render: (_: unknown, r: RecordRow) => text(r, c.prop) }))}
    />
  );
}

/** The text of a list cell for a row (a sub-table row for `table-column` props). */
export type CellText = (row: RecordRow, prop: string) => string;

export interface ChildLayout {
  /** The table's columns in columnList order: main columns as made by `main`, sub-tables per style. */
  columns: TableColumnsType<RecordRow>;
  /** Style 2: the expanded row's tabs; undefined when no sub-table column is listed. */
  expandedRow?: (row: RecordRow) => ReactNode;
}

/**
 * The table's columns of `shown` (in order): main columns by `main`; sub-table columns grouped
 * under their table's header at its first column (style 1), or moved to the expanded row (2).
 */
export function childLayout(
  shown: ListColumn[],
  style: number | undefined,
  fields: Map<string, Field>,
  main: (c: ListColumn) => TableColumnsType<RecordRow>[number],
  text: CellText,
  noRows: string,
): ChildLayout {
  const byTable = new Map<string, ListColumn[]>();
  for (const c of shown) {
    const table = childTableOf(c.prop, fields);
    if (table) byTable.set(table, [...(byTable.get(table) ?? []), c]);
  }
  const expand = style === 2 && byTable.size > 0;
  const columns: TableColumnsType<RecordRow> = [];
  const placed = new Set<string>();
  for (const c of shown) {
    const table = childTableOf(c.prop, fields);
    if (!table) {
      columns.push(main(c));
      continue;
    }
    if (expand || placed.has(table)) continue;
    placed.add(table);
    const label = tableLabel(table, fields);
    columns.push({
      key: table,
      title: label,
      className: 'qm-child-group',
      children: (byTable.get(table) ?? []).map((child) => ({
        key: child.prop,
        title: columnLabel(child, label),
        width: child.width ?? undefined,
        align: child.align,
        className: 'qm-child-column',
        render: (_: unknown, row: RecordRow) => (
          <div className="qm-child-cells">
            {childRows(row, table).map((r, i) => (
              <div key={String(r.id ?? i)} className="qm-child-cell">
                {text(r, child.prop) || '\u00a0'}
              </div>
            ))}
          </div>
        ),
      })),
    });
  }
  if (!expand) return { columns };
  return {
    columns,
    expandedRow: (row) => (
      <Tabs
        size="small"
        className="qm-child-tabs"
        items={[...byTable.entries()].map(([table, cs]) => {
          const rows = childRows(row, table);
          return {
            key: table,
            label: tableLabel(table, fields),
            children: rows.length ? <ChildTable table={table} columns={cs} rows={rows} fields={fields} text={text} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={noRows} />,
          };
        })}
      />
    ),
  };
}
