/**
 * 超级管理员 (SYS-008, SYS-009; jnpf-wire-areas.md §2.6): the administrators from getAdminList,
 * named with their organisations. 添加管理员 opens the user picker (widget spec 2.1), whose 已选
 * starts from the current administrators; a row can be removed; nothing is sent until 保存,
 * which sets exactly these users (setAdminList) and shows the server's msg — or, refused (taking
 * oneself or the built-in admin off), its message, with the list left as chosen.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Space, Table } from 'antd';
import { SaveOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getAdminList, setAdminList } from '@/api/system';
import { getUsersByIds } from '@/api/users';
import { UserPickerDialog } from '@/widgets/pickers/UserPickerDialog';
import { useUserPicker } from '@/widgets/pickers/UserSelect';
import type { PickItem } from '@/widgets/pickers/tree';

interface Admin {
  id: string;
  /** 姓名/账户. */
  fullName: string;
  organize: string;
}

export function AdminsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { source, config } = useUserPicker({ selectType: 'all' });
  const [admins, setAdmins] = useState<Admin[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    getAdminList().then(
      ({ data }) => {
        setAdmins((data ?? []).map((u) => ({ id: u.id, fullName: u.fullName, organize: u.organize ?? '' })));
        setLoading(false);
      },
      () => setLoading(false),
    );
  }, []);
  useEffect(load, [load]);

  const initial = useMemo<PickItem<string>[]>(() => admins.map((a) => ({ key: a.id, value: a.id, label: a.fullName })), [admins]);

  // The picker's 已选 becomes the list; the new ones are named with their organisations.
  const picked = (items: PickItem<string>[]) => {
    setPicking(false);
    const known = new Map(admins.map((a) => [a.id, a]));
    const next = items.map((i) => known.get(i.value) ?? { id: i.value, fullName: i.label, organize: '' });
    setAdmins(next);
    const added = next.filter((a) => !known.has(a.id)).map((a) => a.id);
    if (added.length)
      getUsersByIds(added).then(
        ({ data }) => {
          const byId = new Map((data?.list ?? []).map((u) => [u.id, u]));
          setAdmins((now) => now.map((a) => (byId.has(a.id) ? { ...a, fullName: byId.get(a.id)!.fullName, organize: byId.get(a.id)!.organize ?? '' } : a)));
        },
        () => undefined, // the names from the picker stay
      );
  };

  const save = () => {
    setSaving(true);
    setAdminList(admins.map((a) => a.id)).then(
      (res) => {
        setSaving(false);
        void message.success(res.msg, 1.5);
        load();
      },
      () => setSaving(false), // the HTTP client has said why; the list stays as chosen
    );
  };

  return (
    <div className="qm-sys-config-admins">
      <Alert className="qm-sys-config-note" type="info" showIcon title={t('sysConfig.adminsNote')} />
      <div className="qm-sys-config-admins-head">
        <span />
        <Space>
          <Button icon={<UserAddOutlined />} disabled={loading} onClick={() => setPicking(true)}>
            {t('sysConfig.addAdmin')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={loading} onClick={save}>
            {t('common.save')}
          </Button>
        </Space>
      </div>
      <Table<Admin>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={admins}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: loading ? ' ' : t('sysConfig.adminsEmpty') }}
        columns={[
          { key: 'fullName', title: t('sysConfig.adminName'), dataIndex: 'fullName', width: 240, ellipsis: true },
          { key: 'organize', title: t('sysConfig.adminOrganize'), dataIndex: 'organize', ellipsis: true },
          {
            key: 'actions',
            title: t('manage.actions'),
            width: 100,
            align: 'center',
            render: (_: unknown, a) => (
              <Button
                type="link"
                size="small"
                danger
                aria-label={t('sysConfig.removeAdminOne', { name: a.fullName })}
                onClick={() => setAdmins((now) => now.filter((x) => x.id !== a.id))}
              >
                {t('sysConfig.removeAdmin')}
              </Button>
            ),
          },
        ]}
      />
      <UserPickerDialog
        open={picking}
        title={t('sysConfig.chooseAdmin')}
        multiple
        initial={initial}
        source={source}
        config={config}
        onCancel={() => setPicking(false)}
        onConfirm={picked}
      />
    </div>
  );
}
