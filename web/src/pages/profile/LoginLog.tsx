/** The login log (part of PROF-006): a `useList` list — keyword on Enter, reset, refresh, paged 20/50/100/500. */
import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getLoginLog, type LoginLogEntry } from '@/api/user';
import { ListSearch, listTableProps } from '@/components/ListSearch';
import { useList } from '@/hooks/useList';

export default function LoginLog() {
  const { t } = useTranslation();
  const list = useList(getLoginLog);

  return (
    <div className="qm-login-log">
      <ListSearch list={list} />
      <Table<LoginLogEntry>
        {...listTableProps(list, t)}
        rowKey="id"
        size="middle"
        scroll={{ x: 900 }}
        columns={[
          { key: 'time', title: t('loginLog.time'), dataIndex: 'creatorTime', width: 170, render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { key: 'ip', title: t('loginLog.ip'), dataIndex: 'ipaddress', width: 140 },
          { key: 'place', title: t('loginLog.place'), dataIndex: 'ipaddressName', width: 110 },
          { key: 'os', title: t('loginLog.os'), dataIndex: 'platForm', width: 130 },
          { key: 'browser', title: t('loginLog.browser'), dataIndex: 'browser', width: 160 },
          {
            key: 'result',
            title: t('loginLog.result'),
            dataIndex: 'loginMark',
            width: 100,
            render: (v: number) => (v === 1 ? <Tag color="success">{t('loginLog.success')}</Tag> : <Tag color="error">{t('loginLog.failure')}</Tag>),
          },
          { key: 'abstracts', title: t('loginLog.abstracts'), dataIndex: 'abstracts' },
        ]}
      />
    </div>
  );
}
