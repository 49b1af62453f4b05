/**
 * The columns administration lists share: 创建时间, 排序, 状态 (a switch with the edit button's
 * permission, else a tag; toggling asks first, CONST-002) and 操作 (编辑/删除 with their
 * permissions, then the row's other actions). The pages differ only in widths, what the record
 * is called in the question and the calls.
 */
import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { Envelope } from '@/api/request';
import { BTN_EDIT, BTN_REMOVE } from '@/hooks/useButtons';
import { DATE_FORMAT } from '@/utils/format';
import { RowActions } from './RowActions';
import { StateCell } from './StateCell';
import type { Confirms } from './useConfirm';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Named {
  id: string;
  fullName: string;
}

/** A time as YYYY-MM-DD HH:mm (empty without one). */
export const formatTime = (v: number | null | undefined) => (v ? dayjs(v).format(DATE_FORMAT) : '');

/** A time column (创建时间, 最后修改时间, 发布时间, …): the field as YYYY-MM-DD HH:mm. */
export function timeColumn<T>(key: string, title: string, width = 170): ColumnType<T> {
  return { key, title, dataIndex: key, width, render: formatTime };
}

/** 创建时间 as YYYY-MM-DD HH:mm (empty without one). */
export function creatorTimeColumn<T>(t: Translate, width = 170): ColumnType<T> {
  return timeColumn<T>('creatorTime', t('manage.creatorTime'), width);
}

/** 创建人 (the server's "name/account"), cut with an ellipsis. */
export function creatorUserColumn<T>(title: string, width = 130): ColumnType<T> {
  return { key: 'creatorUser', title, dataIndex: 'creatorUser', width, ellipsis: true };
}

/** 排序, centred. */
export function sortCodeColumn<T>(t: Translate, width = 80): ColumnType<T> {
  return { key: 'sortCode', title: t('manage.sortCode'), dataIndex: 'sortCode', width, align: 'center' };
}

export interface StateColumnOptions {
  t: Translate;
  confirm: Confirms;
  /** The switch is offered with the edit button's permission. */
  editable: boolean;
  /** What the question calls the record (角色, 数据接口, …). */
  what: string;
  /** The server's toggle of the record… */
  toggle?(id: string): Promise<Envelope<unknown>>;
  /** …or its update, sent the new enabledMark (group, position). */
  update?(id: string, body: { enabledMark: number }): Promise<Envelope<unknown>>;
  /** After a toggle: the list asks again. */
  done(): void;
  width?: number;
}

/** 状态: enabledMark 1 ↔ 0 after confirmation. */
export function stateColumn<T extends Named>({ t, confirm, editable, what, toggle, update, done, width = 100 }: StateColumnOptions): ColumnType<T> {
  const flip = (row: T, v: number) => (update ? update(row.id, { enabledMark: v === 1 ? 0 : 1 }) : toggle!(row.id));
  return {
    key: 'enabledMark',
    title: t('manage.state'),
    dataIndex: 'enabledMark',
    width,
    align: 'center',
    render: (v: number, row: T) => (
      <StateCell enabledMark={v} editable={editable} label={row.fullName} onToggle={() => confirm.toggle(v === 1, what, () => flip(row, v), done)} />
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

export interface RowActionsColumnOptions<T> {
  t: Translate;
  confirm: Confirms;
  width: number;
  canEdit: boolean;
  canRemove: boolean;
  onEdit(row: T): void;
  /** The server's delete, asked after confirmation; `done` after it. */
  remove(id: string): Promise<Envelope<unknown>>;
  done(): void;
  /** The row's other actions, after 删除. */
  extra?(row: T): ReactNode;
  fixed?: boolean;
}

/** 操作 with 编辑 and 删除 (each only with its permission, PERM-011; delete asks first) and the row's others. */
export function rowActionsColumn<T extends Named>({ t, confirm, width, canEdit, canRemove, onEdit, remove, done, extra, fixed = true }: RowActionsColumnOptions<T>): ColumnType<T> {
  return {
    key: 'actions',
    title: t('manage.actions'),
    width,
    ...(fixed ? { fixed: 'right' as const } : {}),
    render: (_: unknown, row: T) => (
      <RowActions
        canEdit={canEdit}
        canRemove={canRemove}
        label={row.fullName}
        onEdit={() => onEdit(row)}
        onRemove={() => confirm.remove(() => remove(row.id), done)}
        extra={extra?.(row)}
      />
    ),
  };
}

export interface ManageColumnsOptions<T> extends Omit<RowActionsColumnOptions<T>, 'canEdit' | 'canRemove' | 'width'> {
  /** The page's buttons (useButtons): the switch and 编辑 with btn_edit, 删除 with btn_remove. */
  can(code: string): boolean;
  /** What the toggle's question calls the record. */
  what: string;
  toggle?(id: string): Promise<Envelope<unknown>>;
  update?(id: string, body: { enabledMark: number }): Promise<Envelope<unknown>>;
  stateWidth?: number;
  actionsWidth: number;
}

/** 状态 and 操作 as every administration list ends (see stateColumn, rowActionsColumn). */
export function manageColumns<T extends Named>({ can, what, toggle, update, stateWidth, actionsWidth, ...rest }: ManageColumnsOptions<T>): ColumnType<T>[] {
  return [
    stateColumn<T>({ t: rest.t, confirm: rest.confirm, editable: can(BTN_EDIT), what, toggle, update, done: rest.done, width: stateWidth }),
    rowActionsColumn<T>({ ...rest, width: actionsWidth, canEdit: can(BTN_EDIT), canRemove: can(BTN_REMOVE) }),
  ];
}
