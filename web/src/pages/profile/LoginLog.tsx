/** The login log (PROF-006): paged (20, 50, 100, 500), keyword search on Enter. */
import { useCallback, useEffect, useState } from 'react';
import { Input, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getLoginLog, type LoginLogEntry } from '@/api/user';

export const PAGE_SIZES = [20, 50, 100, 500];

export default function LoginLog() {
  const { t } = useTranslation();
  const [query, setQuery] = useState({ currentPage: 1, pageSize: 20, keyword: '' });
  const [rows, setRows] = useState<LoginLogEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    getLoginLog(query)
      .then(({ data }) => {
        setRows(data.list);
        setTotal(data.pagination.total);
      }, () => undefined)
      .finally(() => setLoading(false));
  }, [query]);
  useEffect(load, [load]);

  return (
    <div className="qm-login-log">
      <Input.Search
        allowClear
        placeholder={t('common.keywordPlaceholder')}
        aria-label={t('common.keyword')}
        enterButton={t('common.search')}
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(keyword) => setQuery((q) => ({ ...q, keyword: keyword.trim(), currentPage: 1 }))}
      />
      <Table<LoginLogEntry>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('common.noData') }}
        pagination={{
          current: query.currentPage,
          pageSize: query.pageSize,
          total,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (n) => t('common.total', { total: n }),
          onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
        }}
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
