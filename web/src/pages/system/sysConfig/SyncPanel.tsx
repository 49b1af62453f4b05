/**
 * 第三方同步 (SYS-005..007; jnpf-wire-areas.md §2.6): for WeCom (企业微信, 1) and DingTalk (钉钉,
 * 2) the two rows of getSynThirdTotal — 组织 and 用户: how many there are, synced, failed,
 * never tried, and when the last attempt was — each with 同步, which sends this system's
 * organisations or users to the service (type 0) and shows the row the server answers. A run
 * already going on is told as the server words it (正在进行同步,请稍等).
 */
import { inZone } from '@/utils/clock';
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Table, Tooltip } from 'antd';
import { ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getSyncTotals, syncToService, type SyncService, type SyncTotal } from '@/api/system';
import { MESSAGE_SECONDS } from '@/app/toast';

/** What the server answers while a run of the same kind goes on (the JNPF client only toasts it). */
const BUSY = '正在进行同步,请稍等';

function ServiceTotals({ service, name }: { service: SyncService; name: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<SyncTotal[]>([]);
  const [loading, setLoading] = useState(true);
  const [running, setRunning] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    getSyncTotals(service).then(
      ({ data }) => {
        setRows(Array.isArray(data) ? data : []);
        setLoading(false);
      },
      () => setLoading(false),
    );
  }, [service]);
  useEffect(load, [load]);

  const sync = (row: SyncTotal) => {
    setRunning(row.synType);
    syncToService(service, row.synType).then(
      (res) => {
        setRunning(null);
        if (res.data) setRows((now) => now.map((r) => (r.synType === row.synType ? res.data : r)));
        if (res.msg === BUSY) void message.info(res.msg, MESSAGE_SECONDS);
        else void message.success(res.msg, MESSAGE_SECONDS);
      },
      () => setRunning(null), // the HTTP client has said why
    );
  };

  return (
    <section className={`qm-sync-service qm-sync-${service === 1 ? 'wecom' : 'dingtalk'}`}>
      <div className="qm-sys-config-admins-head">
        <div className="qm-sys-config-section">
          {name} · {t('sysConfig.syncNote', { service: name })}
        </div>
        <Tooltip title={t('common.refresh')}>
          <Button type="text" aria-label={`${t('common.refresh')} ${name}`} icon={<ReloadOutlined spin={loading} />} onClick={load} />
        </Tooltip>
      </div>
      <Table<SyncTotal>
        rowKey="synType"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { key: 'synType', title: t('sysConfig.synType'), dataIndex: 'synType', width: 110 },
          { key: 'recordTotal', title: t('sysConfig.recordTotal'), dataIndex: 'recordTotal', align: 'right' },
          { key: 'synSuccessCount', title: t('sysConfig.synSuccessCount'), dataIndex: 'synSuccessCount', align: 'right' },
          { key: 'synFailCount', title: t('sysConfig.synFailCount'), dataIndex: 'synFailCount', align: 'right' },
          { key: 'unSynCount', title: t('sysConfig.unSynCount'), dataIndex: 'unSynCount', align: 'right' },
          {
            key: 'synDate',
            title: t('sysConfig.synDate'),
            dataIndex: 'synDate',
            width: 170,
            render: (v: number | null) => (v ? inZone(v).format('YYYY-MM-DD HH:mm:ss') : ''),
          },
          {
            key: 'actions',
            title: t('manage.actions'),
            width: 100,
            align: 'center',
            render: (_: unknown, row) => (
              <Button
                type="link"
                size="small"
                icon={<SyncOutlined spin={running === row.synType} />}
                disabled={running !== null}
                aria-label={t('sysConfig.syncOne', { service: name, what: row.synType })}
                onClick={() => sync(row)}
              >
                {t('sysConfig.sync')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}

export function SyncPanel() {
  const { t } = useTranslation();
  return (
    <div className="qm-sys-config-sync">
      <ServiceTotals service={1} name={t('sysConfig.wecom')} />
      <ServiceTotals service={2} name={t('sysConfig.dingtalk')} />
    </div>
  );
}
