/**
 * The columns administration lists share: 创建时间, 排序, 状态 (a switch with the edit button's
 * permission, else a tag; toggling asks first, CONST-002) and 操作 (编辑/删除 with their
 * permissions, then the row's other actions). The pages differ only in widths, what the record
 * is called in the question and the calls.
 */
import { inZone } from '@/utils/clock';
import type { ReactNode } from 'react';
import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Envelope } from '@/api/request';
import { BTN_EDIT, BTN_REMOVE } from '@/hooks/useButtons';
import { DATE_FORMAT } from '@/utils/format';
import { RowActions } from './RowActions';
import { StateCell } from './StateCell';
import type { Confirms } from './useConfirm';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A record of a list: its id, and the name its buttons say they act on (unless told otherwise by `label`). */
interface Named {
  id: string;
  fullName?: string;
}

/** A time as YYYY-MM-DD HH:mm (empty without one). */
export const formatTime = (v: number | null | undefined) => (v ? inZone(v).format(DATE_FORMAT) : '');

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

/** A value given for every row, or asked of each row (the main application's state is fixed). */
type PerRow<T, V> = V | ((row: T) => V);
const atRow = <T, V>(given: PerRow<T, V>, row: T): V => (typeof given === 'function' ? (given as (row: T) => V)(row) : given);

export interface StateColumnOptions<T = Named> {
  t: Translate;
  confirm: Confirms;
  /** The switch is offered with the edit button's permission (and where the row allows it). */
  editable: PerRow<T, boolean>;
  /** What the question calls the record (角色, 数据接口, …). */
  what: string;
  /** The server's toggle of the record… */
  toggle?(id: string): Promise<Envelope<unknown>>;
  /** …or its update, sent the new enabledMark (group, position)… */
  update?(id: string, body: { enabledMark: number }): Promise<Envelope<unknown>>;
  /** …or a call chosen by the row (an organisation's by its type). */
  change?(row: T, enabledMark: number): Promise<Envelope<unknown>>;
  /** After a toggle: the list asks again. */
  done(): void;
  /** What a row shows instead of the switch, when it has a state of its own (a locked user). */
  instead?(row: T): ReactNode;
  /** The name the switch is read by (the record's fullName unless told). */
  label?(row: T): string;
  width?: number;
}

/** 状态: enabledMark 1 ↔ 0 after confirmation. */
export function stateColumn<T extends Named>({ t, confirm, editable, what, toggle, update, change, done, instead, label, width = 100 }: StateColumnOptions<T>): ColumnType<T> {
  const flip = (row: T, v: number) => {
    const enabledMark = v === 1 ? 0 : 1;
    if (change) return change(row, enabledMark);
    return update ? update(row.id, { enabledMark }) : toggle!(row.id);
  };
  return {
    key: 'enabledMark',
    title: t('manage.state'),
    dataIndex: 'enabledMark',
    width,
    align: 'center',
    render: (v: number, row: T) =>
      instead?.(row) ?? (
        <StateCell
          enabledMark={v}
          editable={atRow(editable, row)}
          label={label?.(row) ?? row.fullName ?? ''}
          onToggle={() => confirm.toggle(v === 1, what, () => flip(row, v), done)}
        />
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
  canEdit: PerRow<T, boolean>;
  canRemove: PerRow<T, boolean>;
  onEdit(row: T): void;
  /** The server's delete, asked after confirmation; `done` after it. */
  remove(id: string): Promise<Envelope<unknown>>;
  done(): void;
  /** The row's actions before 编辑 (新建下级). */
  before?(row: T): ReactNode;
  /** The row's other actions, after 删除. */
  extra?(row: T): ReactNode;
  /** The name each button says it acts on (the record's fullName unless told). */
  label?(row: T): string;
  /** A row that offers no action at all (the administrator). */
  hidden?(row: T): boolean;
  fixed?: boolean;
}

/** 操作 with 编辑 and 删除 (each only with its permission, PERM-011; delete asks first) and the row's others. */
export function rowActionsColumn<T extends Named>({ t, confirm, width, canEdit, canRemove, onEdit, remove, done, before, extra, label, hidden, fixed = true }: RowActionsColumnOptions<T>): ColumnType<T> {
  return {
    key: 'actions',
    title: t('manage.actions'),
    width,
    ...(fixed ? { fixed: 'right' as const } : {}),
    render: (_: unknown, row: T) =>
      hidden?.(row) ? null : (
        <RowActions
          canEdit={atRow(canEdit, row)}
          canRemove={atRow(canRemove, row)}
          label={label?.(row) ?? row.fullName ?? ''}
          onEdit={() => onEdit(row)}
          onRemove={() => confirm.remove(() => remove(row.id), done)}
          before={before?.(row)}
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
  change?(row: T, enabledMark: number): Promise<Envelope<unknown>>;
  /** A row whose state and deletion are fixed whatever the permissions (the main application). */
  fixedRow?(row: T): boolean;
  /** What a row shows instead of the switch (see stateColumn). */
  instead?(row: T): ReactNode;
  stateWidth?: number;
  actionsWidth: number;
}

/** 状态 and 操作 as every administration list ends (see stateColumn, rowActionsColumn). */
export function manageColumns<T extends Named>({ can, what, toggle, update, change, fixedRow, instead, stateWidth, actionsWidth, ...rest }: ManageColumnsOptions<T>): ColumnType<T>[] {
  const open = (code: string) => (fixedRow ? (row: T) => can(code) && !fixedRow(row) : can(code));
  return [
    stateColumn<T>({ t: rest.t, confirm: rest.confirm, editable: open(BTN_EDIT), what, toggle, update, change, done: rest.done, instead, label: rest.label, width: stateWidth }),
    rowActionsColumn<T>({ ...rest, width: actionsWidth, canEdit: can(BTN_EDIT), canRemove: open(BTN_REMOVE) }),
  ];
}

/** A log's time with its seconds (YYYY-MM-DD HH:mm:ss; empty without one). */
export function secondsColumn<T>(key: string, dataIndex: string, title: string, width = 170): ColumnType<T> {
  return { key, title, dataIndex, width, render: (v: number | null | undefined) => (v ? inZone(v).format('YYYY-MM-DD HH:mm:ss') : '') };
}

/** How a logged call or sign-in ended: its text in a green tag when it succeeded, else red. */
export function outcomeColumn<T>(key: string, title: string, width: number, ok: (row: T) => boolean, text: (row: T) => ReactNode): ColumnType<T> {
  return { key, title, width, render: (_: unknown, row: T) => <Tag color={ok(row) ? 'success' : 'error'}>{text(row)}</Tag> };
}
