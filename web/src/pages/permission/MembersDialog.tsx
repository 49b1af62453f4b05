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
import { useEffect, useState } from 'react';
import { App, Button, Typography } from 'antd';
import { FormModal } from '@/components/FormModal';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getMembers, setMembers, type MemberObject } from '@/api/relation';
import { BTN_EDIT } from '@/hooks/useButtons';
import { ChosenUsers, nameUsers, type ChosenUser } from '@/widgets/pickers/ChosenUsers';

/** The dialog is as wide as the pickers it opens. */
export const MEMBERS_DIALOG_WIDTH = 700;

export interface MembersTarget {
  id: string;
  /** The role's, position's or group's name. */
  name: string;
  type: MemberObject;
}

const TITLE_KEY: Record<MemberObject, string> = {
  Role: 'authorize.members.role',
  Position: 'authorize.members.position',
  Group: 'authorize.members.group',
};

export function MembersDialog({ target, onClose, onSaved }: { target: MembersTarget | null; onClose(): void; onSaved?(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [members, setMembersList] = useState<ChosenUser[]>([]);
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
      .then(({ data }) => nameUsers(data?.ids ?? []))
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
    <FormModal open={target !== null} title={target ? t(TITLE_KEY[target.type]) : ''} width={MEMBERS_DIALOG_WIDTH}
      className="qm-members-dialog" onCancel={onClose}
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
      <ChosenUsers
        users={members}
        onChange={setMembersList}
        loading={loading}
        picking={picking}
        onPickingDone={() => setPicking(false)}
        pageSize={10}
        size="small"
        nameWidth={200}
        labels={{
          name: t('authorize.members.name'),
          organize: t('authorize.members.organize'),
          remove: t('authorize.members.remove'),
          removeOne: (name) => t('authorize.members.removeOne', { name }),
          empty: t('authorize.members.empty'),
          choose: t('authorize.members.choose'),
        }}
      />
    </FormModal>
  );
}

/** A list row's 分组成员 / 岗位成员 link (with the edit button's permission), opening the dialog. */
export function MembersButton({ row, kind, can, onOpen }: { row: { id: string; fullName: string }; kind: MemberObject; can(code: string): boolean; onOpen(target: MembersTarget): void }) {
  const { t } = useTranslation();
  if (!can(BTN_EDIT)) return null;
  const label = t(TITLE_KEY[kind]);
  return (
    <Button type="link" size="small" aria-label={`${label} ${row.fullName}`} onClick={() => onOpen({ id: row.id, name: row.fullName, type: kind })}>
      {label}
    </Button>
  );
}
