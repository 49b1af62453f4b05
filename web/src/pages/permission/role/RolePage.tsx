/**
 * 角色管理 (spec 02 §7.6, ROLE-004, ROLE-011; jnpf-wire-areas.md §1.5): the organisation tree on
 * the left — for administrators with 全局 first, the global roles (organizeId '0') — and the
 * roles paged on the right with their type 全局 or 组织, keyword search (Enter), reset, refresh
 * and page sizes 20/50/100/500 (useList); 新建, 编辑 and 删除 only with their buttons
 * (PERM-011); delete and the state toggle (Actions/State) after confirmation.
 *
 * Under 更多 (btn_edit, as the server asks): 角色成员 (MembersDialog) and 权限授权 (the authorisation
 * dialog, AuthorizeDialog), which JNPF offers from this list only.
 *
 * The form checks each field with the rules core's role rules. Whether the organisations are
 * asked for is the core's answer too: its rule for them holds only for an organisation role
 * (`when` globalMark 0), so the organisation picker (multiple, what the caller manages) shows
 * and is required exactly while the core requires it.
 */
import { useState } from 'react';
import { Form, Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  GLOBAL_ROLES,
  createRole,
  deleteRole,
  getRole,
  getRoleList,
  toggleRoleState,
  updateRole,
  type RoleForm,
  type RoleInfo,
  type RoleRow,
} from '@/api/role';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { ListPage } from '@/components/ListPage';
import { MoreButton } from '@/components/RowActions';
import { creatorTimeColumn, manageColumns, sortCodeColumn } from '@/components/listColumns';
import { useConfirm } from '@/components/useConfirm';
import type { EntityRules } from '@/hooks/useEntityRules';
import { BTN_ADD, BTN_EDIT, useButtons } from '@/hooks/useButtons';
import { useList } from '@/hooks/useList';
import { useUser } from '@/stores/user';
import { ComSelect } from '@/widgets/pickers/ComSelect';
import { invalidateLookups } from '@/widgets/pickers/lookups';
import { AuthorizeDialog, type AuthorizeTarget } from '../AuthorizeDialog';
import { MembersDialog, type MembersTarget } from '../MembersDialog';
import { OrganizeTree, useOrganizeFilter } from '../OrganizeTree';
import '../permission.css';

import { CommonItems, NameCodeItems } from '@/components/entityItems';
import { NEW_COMMON, commonValues, commonWire, type CommonValues } from '@/components/entityValues';

/** The list's type of a global role (the server's text, jnpf-wire-areas.md §1.5). */
const GLOBAL_TYPE = '全局';

interface Values extends CommonValues {
  /** 1 global, 0 organisation. */
  globalMark: number;
  /** One id path per organisation. */
  organizeIdsTree: string[][];
}

/** The organisations field: shown, and required, while the core's rule for it holds. */
function Organisations({ rules }: { rules: EntityRules }) {
  const { t } = useTranslation();
  const globalMark = Form.useWatch<number | undefined>('globalMark');
  if (!rules.required('organizeIdsTree', { globalMark })) return null;
  return (
    <Form.Item {...rules.item('organizeIdsTree', { globalMark })} label={t('role.organizes')}>
      <ComSelect multiple auth placeholder={t('picker.placeholder')} />
    </Form.Item>
  );
}

export default function RolePage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const isAdministrator = useUser((s) => Boolean(s.userInfo?.isAdministrator));
  const list = useList(getRoleList, { filters: { organizeId: '' } });
  const organize = useOrganizeFilter(list);
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [form] = Form.useForm<Values>();
  const [members, setMembers] = useState<MembersTarget | null>(null);
  const [authorizing, setAuthorizing] = useState<AuthorizeTarget | null>(null);

  const toValues = (info: RoleInfo | null): Values =>
    info
      ? {
          ...commonValues(info),
          globalMark: info.globalMark,
          organizeIdsTree: info.organizeIdsTree,
        }
      : {
          ...NEW_COMMON,
          globalMark: list.query.organizeId === GLOBAL_ROLES ? 1 : 0,
          organizeIdsTree: organize.path.length ? [organize.path] : [],
        };

  // The form sends what it shows: the organisations only while the core asks for them.
  const toWire = (v: Values, rules: EntityRules): RoleForm => ({
    ...commonWire(v),
    globalMark: v.globalMark,
    organizeIdsTree: rules.required('organizeIdsTree', { globalMark: v.globalMark }) ? (v.organizeIdsTree ?? []) : [],
  });

  const saved = () => {
    invalidateLookups('role');
    list.refresh();
  };

  // 角色成员 and 权限授权 change the role: its 编辑 button (the server checks it again).
  const more = (row: RoleRow) => {
    if (!can(BTN_EDIT)) return null;
    const items = [
      { key: 'members', label: t('authorize.members.role') },
      { key: 'authorize', label: t('authorize.title') },
    ];
    const run = (key: string) => {
      if (key === 'members') setMembers({ id: row.id, name: row.fullName, type: 'Role' });
      else setAuthorizing({ id: row.id, name: row.fullName, type: 'Role' });
    };
    return <MoreButton text={t('user.more')} label={row.fullName} items={items} onChoose={run} />;
  };

  return (
    <div className="qm-manage qm-role-page">
      <OrganizeTree {...organize.tree} extra={isAdministrator ? [{ id: GLOBAL_ROLES, title: t('role.global'), type: 'global' }] : []} />
      <div className="qm-manage-main">
        <ListPage<RoleRow>
          list={list}
          onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
          scroll={{ x: 1040 }}
          columns={[
            { key: 'fullName', title: t('role.name'), dataIndex: 'fullName', width: 180 },
            { key: 'enCode', title: t('role.code'), dataIndex: 'enCode', width: 140 },
            {
              key: 'type',
              title: t('role.type'),
              dataIndex: 'type',
              width: 100,
              align: 'center',
              render: (v: string) =>
                v === GLOBAL_TYPE ? <Tag color="blue">{t('role.global')}</Tag> : <Tag color="green">{t('role.organize')}</Tag>,
            },
            { key: 'organizeInfo', title: t('role.organizes'), dataIndex: 'organizeInfo', ellipsis: true },
            creatorTimeColumn(t),
            sortCodeColumn(t),
            ...manageColumns<RoleRow>({
              t,
              confirm,
              can,
              what: t('role.what'),
              toggle: toggleRoleState,
              remove: deleteRole,
              onEdit: (row) => setTarget({ id: row.id }),
              done: saved,
              actionsWidth: 160,
              extra: more,
            }),
          ]}
        />
      </div>
      <EntityFormDialog<RoleInfo, Values> target={target} titles={[t('role.add'), t('role.edit')]} entity="role" form={form}
        api={{ get: getRole, create: createRole, update: updateRole }} toValues={toValues} toWire={toWire}
        onClose={() => setTarget(null)} onSaved={saved} className="qm-role-form">
        {(rules) => (
            <>
              <NameCodeItems rules={rules} name={t('role.name')} code={t('role.code')} />
              <Form.Item {...rules.item('globalMark')} label={t('role.type')}>
                <Radio.Group
                  options={[
                    { value: 0, label: t('role.organize') },
                    { value: 1, label: t('role.global') },
                  ]}
                />
              </Form.Item>
              <Organisations rules={rules} />
              <CommonItems rules={rules} />
            </>
        )}
      </EntityFormDialog>
      <MembersDialog target={members} onClose={() => setMembers(null)} />
      <AuthorizeDialog target={authorizing} onClose={() => setAuthorizing(null)} />
    </div>
  );
}
