/**
 * The columns every administration list ends with: 状态 (a switch with the edit button's
 * permission, else a tag; toggling asks first, CONST-002) and 操作 (the row's actions). The
 * pages differ only in widths, what the record is called in the question and the calls.
 */
import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Envelope } from '@/api/request';
import { StateCell } from './StateCell';
import type { Confirms } from './useConfirm';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Named {
  id: string;
  fullName: string;
}

export interface StateColumnOptions {
  t: Translate;
  confirm: Confirms;
  /** The switch is offered with the edit button's permission. */
  editable: boolean;
  /** What the question calls the record (角色, 数据接口, …). */
  what: string;
  /** The server's toggle of the record. */
  toggle(id: string): Promise<Envelope<unknown>>;
  /** After a toggle: the list asks again. */
  done(): void;
  width?: number;
}

/** 状态: enabledMark 1 ↔ 0 after confirmation. */
export function stateColumn<T extends Named>({ t, confirm, editable, what, toggle, done, width = 100 }: StateColumnOptions): ColumnType<T> {
  return {
    key: 'enabledMark',
    title: t('manage.state'),
    dataIndex: 'enabledMark',
    width,
    align: 'center',
    render: (v: number, row: T) => (
      <StateCell enabledMark={v} editable={editable} label={row.fullName} onToggle={() => confirm.toggle(v === 1, what, () => toggle(row.id), done)} />
    ),
  };
}

/** 操作: the row's actions in one compact group, fixed on the right unless `fixed` is false. */
export function actionsColumn<T>(t: Translate, width: number, actions: (row: T) => ReactNode, fixed = true): ColumnType<T> {
  return {
    key: 'actions',
    title: t('manage.actions'),
    width,
    ...(fixed ? { fixed: 'right' as const } : {}),
    render: (_: unknown, row: T) => (
      <Space size={0} className="qm-row-actions">
        {actions(row)}
      </Space>
    ),
  };
}
