/**
 * The 合计 row of a generated list (columnData `showSummary` with `summaryField`; types 1, 2
 * and 4 — jnpf-wire-engine.md §4.1): under each summed column the page's sum, computed and
 * shown by the rules core (`summaryText`: an exact decimal sum to two decimals, thousands
 * separators where the column has them); 合计 in the first cell (issue 28 §1).
 */
import type { ReactNode } from 'react';
import { Table, type TableColumnsType } from 'antd';
import type { RecordRow } from '@/api/onlineDev';
import type { Core } from '@/hooks/useCore';

/** The leaf columns' keys, in the order the table draws them. */
function leafKeys(columns: TableColumnsType<RecordRow>): string[] {
  return columns.flatMap((c) => ('children' in c && c.children ? leafKeys(c.children) : [String(c.key ?? '')]));
}

/**
 * The table's `summary` for `summed` props (null when nothing is summed or the core has not
 * loaded): `leading` cells come before the columns (selection, expand).
 */
export function summaryRow(
  core: Core | null,
  columns: TableColumnsType<RecordRow>,
  summed: string[],
  separators: (prop: string) => boolean,
  leading: number,
  label: string,
): ((rows: readonly RecordRow[]) => ReactNode) | undefined {
  if (!core || !summed.length) return undefined;
  const keys = leafKeys(columns);
  if (!keys.some((k) => summed.includes(k))) return undefined;
  return (rows) => (
    <Table.Summary fixed>
      <Table.Summary.Row className="qm-summary-row">
        {Array.from({ length: leading }, (_, i) => (
          <Table.Summary.Cell key={`lead-${i}`} index={i}>
            {i === 0 ? label : null}
          </Table.Summary.Cell>
        ))}
        {keys.map((key, i) => (
          <Table.Summary.Cell key={key || `cell-${i}`} index={leading + i} align={summed.includes(key) ? 'right' : undefined}>
            {summed.includes(key) ? core.summaryText(rows.map((r) => r[key]), separators(key)) : i === 0 && leading === 0 ? label : null}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
