/** The login log (part of PROF-006): a `useList` list on ListPage — keyword on Enter, reset, refresh, paged 20/50/100/500. */
import { useTranslation } from 'react-i18next';
import { getLoginLog, type LoginLogEntry } from '@/api/user';
import { ListPage } from '@/components/ListPage';
import { outcomeColumn, secondsColumn } from '@/components/listColumns';
import { useList } from '@/hooks/useList';

export default function LoginLog() {
  const { t } = useTranslation();
  const list = useList(getLoginLog);

  return (
    <div className="qm-login-log">
      <ListPage<LoginLogEntry>
        list={list}
        scroll={{ x: 900 }}
        columns={[
          secondsColumn('time', 'creatorTime', t('loginLog.time')),
          { key: 'ip', title: t('loginLog.ip'), dataIndex: 'ipaddress', width: 140 },
          { key: 'place', title: t('loginLog.place'), dataIndex: 'ipaddressName', width: 110 },
          { key: 'os', title: t('loginLog.os'), dataIndex: 'platForm', width: 130 },
          { key: 'browser', title: t('loginLog.browser'), dataIndex: 'browser', width: 160 },
          outcomeColumn<LoginLogEntry>('result', t('loginLog.result'), 100, (row) => row.loginMark === 1, (row) => t(row.loginMark === 1 ? 'loginLog.success' : 'loginLog.failure')),
          { key: 'abstracts', title: t('loginLog.abstracts'), dataIndex: 'abstracts' },
        ]}
      />
    </div>
  );
}
