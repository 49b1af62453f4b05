/**
 * 用户管理 (spec 02 §7.5, ORG-008, ORG-021..026; jnpf-wire-areas.md §1.1): the organisation tree on
 * the left (choosing a node lists its users and those below it), the users paged on the right —
 * account, name, gender, mobile phone, organisations, created, sort and state — with keyword
 * search (Enter), reset, refresh and page sizes 20/50/100/500 (useList).
 *
 * 新建 (btn_add), 导入 (btn_upload) and 导出 (btn_download) above; per row 编辑 and 删除 (btn_edit,
 * btn_remove) and under 更多 重置密码, 工作交接 and, for a locked user, 解除锁定 (all btn_edit, as the
 * server asks) — each rendered only when granted (PERM-011). The administrator's row has no
 * actions. The state switch (启用/禁用) and delete ask first (CONST-002, CONST-003); a refusal
 * shows the server's message. A new user's generated initial password is shown once.
 */
import { useMemo, useState } from 'react';
import { Button, Tag } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { genderName } from '@/utils/gender';
import {
  deleteUser,
  downloadUserTemplate,
  exportUserFailures,
  exportUsers,
  getUserList,
  importUsers,
  previewUserImport,
  toggleUserState,
  unlockUser,
  uploadUserFile,
  USER_COLUMNS,
  type ImportResult,
  type UserRow,
} from '@/api/users';
import { ExportDialog } from '@/components/ExportDialog';
import { ImportWizard } from '@/components/ImportWizard';
import { ListPage } from '@/components/ListPage';
import { MoreButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_DOWNLOAD, BTN_EDIT, BTN_UPLOAD, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList } from '@/hooks/useList';
import { OrganizeTree, useOrganizeFilter } from '../OrganizeTree';
import { HandoverDialog } from './HandoverDialog';
import { InitialPasswordDialog, PasswordText } from './InitialPasswordDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';
import '../permission.css';
import './user.css';
import { creatorTimeColumn, manageColumns, sortCodeColumn } from '@/components/listColumns';

/** enabledMark 2: locked by too many failed sign-ins (解除锁定 lifts it). */
const LOCKED = 2;

type Who = { id: string; name: string };

export default function UserPage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const list = useList(getUserList, { filters: { organizeId: '' } });
  const organize = useOrganizeFilter(list);
  const sex = useDictionary('sex');
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [created, setCreated] = useState<{ account: string; password: string } | null>(null);
  const [resetting, setResetting] = useState<Who | null>(null);
  const [handing, setHanding] = useState<Who | null>(null);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  const columns = useMemo(() => USER_COLUMNS.map((key) => ({ key, title: t(`user.columns.${key}`) })), [t]);
  const nameOf = (row: UserRow) => `${row.realName}/${row.account}`;

  const more = (row: UserRow) => {
    if (!can(BTN_EDIT)) return null;
    const items = [
      { key: 'reset', label: t('user.resetPassword') },
      ...(row.enabledMark === LOCKED ? [{ key: 'unlock', label: t('user.unlock') }] : []),
      { key: 'handover', label: t('user.handover') },
    ];
    const run = (key: string) => {
      const who = { id: row.id, name: nameOf(row) };
      if (key === 'reset') setResetting(who);
      else if (key === 'handover') setHanding(who);
      else confirm.action(t('user.unlockConfirm', { name: who.name }), () => unlockUser(row.id), list.refresh);
    };
    return <MoreButton text={t('user.more')} label={row.account} items={items} onChoose={run} />;
  };

  return (
    <div className="qm-manage qm-user-page">
      <OrganizeTree {...organize.tree} />
      <div className="qm-manage-main">
        <ListPage<UserRow>
          list={list}
          onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
          actions={
            <>
              {can(BTN_UPLOAD) && (
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {t('manage.import')}
                </Button>
              )}
              {can(BTN_DOWNLOAD) && (
                <Button icon={<DownloadOutlined />} onClick={() => setExporting(true)}>
                  {t('manage.export')}
                </Button>
              )}
            </>
          }
          scroll={{ x: 1100 }}
          columns={[
            { key: 'account', title: t('user.account'), dataIndex: 'account', width: 130, ellipsis: true },
            { key: 'realName', title: t('user.realName'), dataIndex: 'realName', width: 110, ellipsis: true },
            { key: 'gender', title: t('user.gender'), dataIndex: 'gender', width: 70, align: 'center', render: (v: string) => genderName(v, sex, t) },
            { key: 'mobilePhone', title: t('user.mobilePhone'), dataIndex: 'mobilePhone', width: 130 },
            { key: 'organize', title: t('user.organize'), dataIndex: 'organize', ellipsis: true },
            creatorTimeColumn(t, 160),
            sortCodeColumn(t, 70),
            ...manageColumns<UserRow>({
              t,
              confirm,
              can,
              what: t('user.what'),
              toggle: toggleUserState,
              remove: deleteUser,
              onEdit: (row) => setTarget({ id: row.id }),
              done: list.refresh,
              label: (row) => row.account,
              // The administrator's row offers nothing (jnpf-wire-areas.md §1.1).
              fixedRow: (row) => Boolean(row.isAdministrator),
              hidden: (row) => Boolean(row.isAdministrator),
              instead: (row) => (row.enabledMark === LOCKED ? <Tag color="warning">{t('user.locked')}</Tag> : null),
              actionsWidth: 190,
              extra: more,
            }),
          ]}
        />
      </div>
      <UserFormDialog
        target={target}
        newPath={organize.path}
        onClose={() => setTarget(null)}
        onSaved={(shown) => {
          list.refresh();
          if (shown) setCreated(shown);
        }}
      />
      <InitialPasswordDialog shown={created} onClose={() => setCreated(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <HandoverDialog user={handing} onClose={() => setHanding(null)} onDone={list.refresh} />
      <ExportDialog
        open={exporting}
        columns={columns}
        exportFile={(dataType, keys) => exportUsers(list.query, dataType, keys)}
        onClose={() => setExporting(false)}
      />
      <ImportWizard<ImportResult>
        open={importing}
        title={t('user.importTitle')}
        columns={columns}
        downloadTemplate={downloadUserTemplate}
        upload={uploadUserFile}
        preview={previewUserImport}
        importRows={importUsers}
        exportFailures={exportUserFailures}
        resultExtra={(r) =>
          r.snum > 0 && r.initialPassword ? (
            <span className="qm-import-password">
              {t('user.importPassword')} <PasswordText password={r.initialPassword} />
              <br />
              {t('user.initialPasswordNote')}
            </span>
          ) : null
        }
        onClose={(imported) => {
          setImporting(false);
          if (imported) list.refresh();
        }}
      />
    </div>
  );
}
