/**
 * 角色成员, 岗位成员 and 分组成员 (jnpf-wire-areas.md §1.6): the members of a role, a position or
 * a group, from GET UserRelation/{id}, named by Users/getUserList (ORG-014) with their
 * organisations. 添加成员 opens the user picker (widget spec 2.1: its tabs, search and 已选 —
 * which starts from the current members, so a member can be taken off there too); each row
 * can be removed; nothing is sent until 保存, which posts the whole new member set
 * (POST UserRelation/{id}) and shows the server's msg. 取消 leaves the members as they were.
 * The list's pages need the object's page; saving needs its 编辑 button — the server checks
 * both, and a refusal is shown by the HTTP client with the dialog left open.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Modal, Table, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getMembers, setMembers, type MemberObject } from '@/api/relation';
import { getUsersByIds } from '@/api/users';
import { UserPickerDialog } from '@/widgets/pickers/UserPickerDialog';
import { useUserPicker } from '@/widgets/pickers/UserSelect';
import type { PickItem } from '@/widgets/pickers/tree';

/** The dialog is as wide as the pickers it opens. */
export const MEMBERS_DIALOG_WIDTH = 700;

export interface MembersTarget {
  id: string;
  /** The role's, position's or group's name. */
  name: string;
  type: MemberObject;
}

interface Member {
  id: string;
  /** 姓名/账户, as the server names users. */
  fullName: string;
  organize: string;
}

const TITLE_KEY: Record<MemberObject, string> = {
  Role: 'authorize.members.role',
  Position: 'authorize.members.position',
  Group: 'authorize.members.group',
};

/** The users named by their ids; an id the server does not name stays, shown as it is. */
async function named(ids: string[]): Promise<Member[]> {
  if (!ids.length) return [];
  const { data } = await getUsersByIds(ids);
  const found = new Map((data?.list ?? []).map((u) => [u.id, u]));
  return ids.map((id) => {
    const u = found.get(id);
    return { id, fullName: u?.fullName ?? id, organize: u?.organize ?? '' };
  });
}

export function MembersDialog({ target, onClose, onSaved }: { target: MembersTarget | null; onClose(): void; onSaved?(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { source, config } = useUserPicker({ selectType: 'all' });
  const [members, setMembersList] = useState<Member[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const id = target?.id ?? null;

  useEffect(() => {
    if (id === null) return;
    let alive = true;
    setMembersList([]);
    setLoading(true);
    getMembers(id)
      .then(({ data }) => named(data?.ids ?? []))
      .then(
        (list) => {
          if (!alive) return;
          setMembersList(list);
          setLoading(false);
        },
        () => {
          // The HTTP client has said why; there is nothing to show.
          if (alive) onClose();
        },
      );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [id]);

  const initial = useMemo<PickItem<string>[]>(() => members.map((m) => ({ key: m.id, value: m.id, label: m.fullName })), [members]);

  // The picker's 已选 becomes the members; the new ones are named with their organisations.
  const picked = (items: PickItem<string>[]) => {
    setPicking(false);
    const known = new Map(members.map((m) => [m.id, m]));
    const next: Member[] = items.map((i) => known.get(i.value) ?? { id: i.value, fullName: i.label, organize: '' });
    setMembersList(next);
    const added = next.filter((m) => !known.has(m.id)).map((m) => m.id);
    if (added.length)
      named(added).then(
        (found) => {
          const byId = new Map(found.map((m) => [m.id, m]));
          setMembersList((now) => now.map((m) => (byId.has(m.id) && !m.organize ? { ...m, organize: byId.get(m.id)!.organize } : m)));
        },
        () => undefined, // the names from the picker stay
      );
  };

  const save = () => {
    if (!target) return;
    setSaving(true);
    setMembers(target.id, target.type, members.map((m) => m.id)).then(
      (res) => {
        setSaving(false);
        void message.success(res.msg || t('manage.done'), 1.5);
        onSaved?.();
        onClose();
      },
      () => setSaving(false), // the HTTP client has said why; what was chosen stays
    );
  };

  return (
    <Modal
      open={target !== null}
      title={target ? t(TITLE_KEY[target.type]) : ''}
      width={MEMBERS_DIALOG_WIDTH}
      mask={{ closable: false }}
      destroyOnHidden
      className="qm-members-dialog"
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={loading} onClick={save}>
          {t('common.save')}
        </Button>,
      ]}
    >
      <div className="qm-members-head">
        <Typography.Text className="qm-members-count">{target ? t('authorize.members.of', { name: target.name, count: members.length }) : ''}</Typography.Text>
        <Button icon={<UserAddOutlined />} disabled={loading} onClick={() => setPicking(true)}>
          {t('authorize.members.add')}
        </Button>
      </div>
      <Table<Member>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={members}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: loading ? ' ' : t('authorize.members.empty') }}
        columns={[
          { key: 'fullName', title: t('authorize.members.name'), dataIndex: 'fullName', width: 200, ellipsis: true },
          { key: 'organize', title: t('authorize.members.organize'), dataIndex: 'organize', ellipsis: true },
          {
            key: 'actions',
            title: t('manage.actions'),
            width: 80,
            align: 'center',
            render: (_: unknown, m) => (
              <Button
                type="link"
                size="small"
                danger
                aria-label={t('authorize.members.removeOne', { name: m.fullName })}
                onClick={() => setMembersList((now) => now.filter((x) => x.id !== m.id))}
              >
                {t('authorize.members.remove')}
              </Button>
            ),
          },
        ]}
      />
      <UserPickerDialog
        open={picking}
        title={t('authorize.members.choose')}
        multiple
        initial={initial}
        source={source}
        config={config}
        onCancel={() => setPicking(false)}
        onConfirm={picked}
      />
    </Modal>
  );
}
