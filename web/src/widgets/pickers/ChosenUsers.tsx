/**
 * A list of chosen users being edited — a role's members, the administrators: a table of
 * 姓名/账户 and organisation with a remove link per row, and the user picker (widget spec 2.1)
 * whose 已选 starts from the list, so a user can be taken off there too. The picker's choice
 * becomes the list; users new to it are named with their organisations by Users/getUserList.
 * The owner keeps the list and decides when to save it.
 */
import type { Dispatch, SetStateAction } from 'react';
import { useMemo } from 'react';
import { Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { getUsersByIds } from '@/api/users';
import { UserPickerDialog } from './UserPickerDialog';
import { useUserPicker } from './UserSelect';
import type { PickItem } from './tree';

export interface ChosenUser {
  id: string;
  /** 姓名/账户, as the server names users. */
  fullName: string;
  organize: string;
}

/** The users named by their ids; an id the server does not name stays, shown as it is. */
export async function nameUsers(ids: string[]): Promise<ChosenUser[]> {
  if (!ids.length) return [];
  const { data } = await getUsersByIds(ids);
  const found = new Map((data?.list ?? []).map((u) => [u.id, u]));
  return ids.map((id) => {
    const u = found.get(id);
    return { id, fullName: u?.fullName ?? id, organize: u?.organize ?? '' };
  });
}

export interface ChosenUsersLabels {
  name: string;
  organize: string;
  remove: string;
  /** The remove link's accessible name for one user. */
  removeOne(name: string): string;
  empty: string;
  /** The picker's title. */
  choose: string;
}

export function ChosenUsers({
  users,
  onChange,
  loading,
  picking,
  onPickingDone,
  labels,
  pageSize,
  size,
  nameWidth,
}: {
  users: ChosenUser[];
  onChange: Dispatch<SetStateAction<ChosenUser[]>>;
  loading: boolean;
  /** The picker is open. */
  picking: boolean;
  onPickingDone(): void;
  labels: ChosenUsersLabels;
  pageSize: number;
  size: 'small' | 'middle';
  nameWidth: number;
}) {
  const { t } = useTranslation();
  const { source, config } = useUserPicker({ selectType: 'all' });
  const initial = useMemo<PickItem<string>[]>(() => users.map((u) => ({ key: u.id, value: u.id, label: u.fullName })), [users]);

  const picked = (items: PickItem<string>[]) => {
    onPickingDone();
    const known = new Map(users.map((u) => [u.id, u]));
    const next = items.map((i) => known.get(i.value) ?? { id: i.value, fullName: i.label, organize: '' });
    onChange(next);
    const added = next.filter((u) => !known.has(u.id)).map((u) => u.id);
    if (added.length)
      nameUsers(added).then(
        (found) => {
          const byId = new Map(found.map((u) => [u.id, u]));
          onChange((now) => now.map((u) => (byId.has(u.id) && !u.organize ? { ...u, organize: byId.get(u.id)!.organize } : u)));
        },
        () => undefined, // the names from the picker stay
      );
  };

  return (
    <>
      <Table<ChosenUser>
        rowKey="id"
        size={size}
        loading={loading}
        dataSource={users}
        pagination={{ pageSize, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: loading ? ' ' : labels.empty }}
        columns={[
          { key: 'fullName', title: labels.name, dataIndex: 'fullName', width: nameWidth, ellipsis: true },
          { key: 'organize', title: labels.organize, dataIndex: 'organize', ellipsis: true },
          {
            key: 'actions',
            title: t('manage.actions'),
            width: 90,
            align: 'center',
            render: (_: unknown, u) => (
              <Button
                type="link"
                size="small"
                danger
                aria-label={labels.removeOne(u.fullName)}
                onClick={() => onChange((now) => now.filter((x) => x.id !== u.id))}
              >
                {labels.remove}
              </Button>
            ),
          },
        ]}
      />
      <UserPickerDialog
        open={picking}
        title={labels.choose}
        multiple
        initial={initial}
        source={source}
        config={config}
        onCancel={onPickingDone}
        onConfirm={picked}
      />
    </>
  );
}
