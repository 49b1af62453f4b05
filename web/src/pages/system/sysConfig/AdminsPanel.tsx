/**
 * 超级管理员 (SYS-008, SYS-009; jnpf-wire-areas.md §2.6): the administrators from getAdminList,
 * named with their organisations. 添加管理员 opens the user picker (widget spec 2.1), whose 已选
 * starts from the current administrators; a row can be removed; nothing is sent until 保存,
 * which sets exactly these users (setAdminList) and shows the server's msg — or, refused (taking
 * oneself or the built-in admin off), its message, with the list left as chosen.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Space } from 'antd';
import { SaveOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getAdminList, setAdminList } from '@/api/system';
import { ChosenUsers, type ChosenUser } from '@/widgets/pickers/ChosenUsers';
import { MESSAGE_SECONDS } from '@/app/toast';

export function AdminsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [admins, setAdmins] = useState<ChosenUser[]>([]);
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

  const save = () => {
    setSaving(true);
    setAdminList(admins.map((a) => a.id)).then(
      (res) => {
        setSaving(false);
        void message.success(res.msg, MESSAGE_SECONDS);
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
      <ChosenUsers
        users={admins}
        onChange={setAdmins}
        loading={loading}
        picking={picking}
        onPickingDone={() => setPicking(false)}
        pageSize={20}
        size="middle"
        nameWidth={240}
        labels={{
          name: t('sysConfig.adminName'),
          organize: t('sysConfig.adminOrganize'),
          remove: t('sysConfig.removeAdmin'),
          removeOne: (name) => t('sysConfig.removeAdminOne', { name }),
          empty: t('sysConfig.adminsEmpty'),
          choose: t('sysConfig.chooseAdmin'),
        }}
      />
    </div>
  );
}
