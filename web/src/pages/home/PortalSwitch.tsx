/**
 * 切换门户 (jnpf-wire-engine2.md §2.5): a 260 px drawer with the portals the user may open
 * (Selector?type=1) in their categories; a click makes one the user's default (SetDefault)
 * and the home page shows it.
 */
import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Spin } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getPortalSelector, setDefaultPortal, type PortalGroup } from '@/api/portal';
import { useUser } from '@/stores/user';

export default function PortalSwitch() {
  const { t } = useTranslation();
  const current = useUser((s) => s.userInfo?.portalId ?? '');
  const [open, setOpen] = useState(false);
  const [groups, setGroups] = useState<PortalGroup[] | undefined>(undefined);
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    setGroups(undefined);
    getPortalSelector(1).then(
      ({ data }) => live && setGroups(data.list),
      () => live && setGroups([]),
    );
    return () => {
      live = false;
    };
  }, [open]);

  const choose = (id: string) => {
    setSwitching(true);
    setDefaultPortal(id).then(
      () => {
        // The client keeps the new default at once (CurrentUser answers it from now on).
        useUser.setState((s) => ({ userInfo: s.userInfo ? { ...s.userInfo, portalId: id } : s.userInfo }));
        setSwitching(false);
        setOpen(false);
      },
      () => setSwitching(false),
    );
  };

  return (
    <>
      <Button className="qm-portal-switch" icon={<SwapOutlined />} onClick={() => setOpen(true)}>
        {t('portal.switch')}
      </Button>
      <Drawer title={t('portal.switch')} size={260} open={open} onClose={() => setOpen(false)} rootClassName="qm-portal-switch-drawer">
        <Spin spinning={groups === undefined || switching} description={switching ? t('portal.switching') : t('portal.loading')}>
          {groups && !groups.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />}
          {groups?.map((g) => (
            <div key={g.id} className="qm-portal-switch-group">
              <div className="qm-portal-switch-category">{g.fullName}</div>
              {(g.children ?? []).map((p) => (
                <button key={p.id} type="button" className={`qm-portal-switch-item ${p.id === current ? 'active' : ''}`} onClick={() => choose(p.id)}>
                  {p.fullName}
                </button>
              ))}
            </div>
          ))}
        </Spin>
      </Drawer>
    </>
  );
}
