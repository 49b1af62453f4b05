/**
 * 系统日志 (the JNPF 3.4.7 client's log page; server/README.md "System log"): everyone's
 * sign-ins (登录日志, 1), requests (请求日志, 5) and operations (操作日志, 3) within the caller's
 * data scope, one tab each, newest first. A keyword (Enter or 查询) and a date range (whole
 * days, with the last week, month and three months at hand) filter; 重置 clears both; a new
 * tab starts clear; paging 20/50/100/500 (useList). With the page's 删除 button the rows can be
 * chosen and deleted, or the tab's log cleared (一键清空), each after a confirmation.
 */
import { now, wallMs } from '@/utils/clock';
import { useState } from 'react';
import { App, Button, Tabs, type TableColumnsType } from 'antd';
import { DatePicker } from '@/components/zonedPickers';
import { DeleteOutlined } from '@ant-design/icons';
import { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { clearLog, deleteLogs, getLogList, type LogCategory, type LogRow } from '@/api/log';
import { ListPage, useSelection } from '@/components/ListPage';
import { outcomeColumn, secondsColumn } from '@/components/listColumns';
import { useConfirm } from '@/components/useConfirm';
import { BTN_REMOVE, useButtons } from '@/hooks/useButtons';
import { useList } from '@/hooks/useList';
import './systemLog.css';

interface Filters {
  category: LogCategory;
  startTime: number | '';
  endTime: number | '';
}

const TABS: { category: LogCategory; key: string }[] = [
  { category: 1, key: 'login' },
  { category: 5, key: 'request' },
  { category: 3, key: 'operation' },
];

const device = (row: LogRow) => [row.platForm, row.browser].filter(Boolean).join(' / ');

export default function SystemLogPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useButtons();
  const confirm = useConfirm();
  const list = useList<LogRow, Filters>(({ category, ...query }) => getLogList(category, query), {
    filters: { category: 1, startTime: '', endTime: '' },
  });
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const { selected, clear: unselect, rowSelection } = useSelection({ columnWidth: 48 });
  const category = list.query.category;
  const removable = can(BTN_REMOVE);

  const changeRange = (value: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = value ?? [null, null];
    setRange(start && end ? [start, end] : null);
    unselect();
    list.setFilters({ startTime: start ? wallMs(start.format('YYYY-MM-DD')) : '', endTime: end ? wallMs(end.format('YYYY-MM-DD 23:59:59.999')) : '' });
  };
  const switchTab = (key: string) => {
    const tab = TABS.find((x) => x.key === key);
    if (!tab) return;
    setRange(null);
    unselect();
    list.reset();
    list.setFilters({ category: tab.category });
  };
  const reset = () => {
    setRange(null);
    unselect();
    list.reset();
    list.setFilters({ category });
  };
  const done = () => {
    unselect();
    list.refresh();
  };
  const remove = () => {
    if (!selected.length) {
      void message.error(t('systemLog.selectOne'), 1.5);
      return;
    }
    const ids = selected;
    confirm.action(t('systemLog.removeConfirm'), () => deleteLogs(ids), done);
  };
  const clear = () => confirm.action(t('systemLog.clearConfirm'), () => clearLog(category), done);

  const who = (titleKey: string) => ({ key: 'userName', title: t(titleKey), dataIndex: 'userName', width: 160, ellipsis: true });
  const when = (titleKey: string) => secondsColumn<LogRow>('creatorTime', 'creatorTime', t(titleKey));
  const ip = (titleKey: string) => ({ key: 'ipaddress', title: t(titleKey), dataIndex: 'ipaddress', width: 130 });
  const outcome = {
    ...outcomeColumn<LogRow>('loginMark', t('systemLog.result'), 90, (row) => row.loginMark === 1, (row) => t(row.loginMark === 1 ? 'systemLog.success' : 'systemLog.failure')),
    align: 'center' as const,
  };
  const columns: Record<LogCategory, TableColumnsType<LogRow>> = {
    1: [
      when('systemLog.loginTime'),
      who('systemLog.loginUser'),
      ip('systemLog.loginIp'),
      { key: 'place', title: t('systemLog.place'), dataIndex: 'ipaddressName', width: 100 },
      { key: 'device', title: t('systemLog.device'), width: 200, ellipsis: true, render: (_: unknown, row) => device(row) },
      outcome,
      { key: 'abstracts', title: t('systemLog.abstracts'), dataIndex: 'abstracts', ellipsis: true },
    ],
    5: [
      when('systemLog.requestTime'),
      who('systemLog.requestUser'),
      ip('systemLog.requestIp'),
      { key: 'device', title: t('systemLog.requestDevice'), width: 180, ellipsis: true, render: (_: unknown, row) => device(row) },
      { key: 'requestURL', title: t('systemLog.requestUrl'), dataIndex: 'requestURL', ellipsis: true },
      { key: 'requestMethod', title: t('systemLog.requestMethod'), dataIndex: 'requestMethod', width: 90, align: 'center' },
      { key: 'requestDuration', title: t('systemLog.duration'), dataIndex: 'requestDuration', width: 100, align: 'right' },
    ],
    3: [
      when('systemLog.operationTime'),
      who('systemLog.operationUser'),
      ip('systemLog.operationIp'),
      { key: 'requestURL', title: t('systemLog.operationUrl'), dataIndex: 'requestURL', ellipsis: true },
      { key: 'requestMethod', title: t('systemLog.operationMethod'), dataIndex: 'requestMethod', width: 90, align: 'center' },
      { key: 'requestDuration', title: t('systemLog.duration'), dataIndex: 'requestDuration', width: 100, align: 'right' },
      outcome,
      { key: 'abstracts', title: t('systemLog.abstracts'), dataIndex: 'abstracts', width: 200, ellipsis: true },
    ],
  };

  const presets = [
    { label: t('systemLog.lastWeek'), value: [now().subtract(7, 'day'), now()] as [Dayjs, Dayjs] },
    { label: t('systemLog.lastMonth'), value: [now().subtract(1, 'month'), now()] as [Dayjs, Dayjs] },
    { label: t('systemLog.lastThreeMonths'), value: [now().subtract(3, 'month'), now()] as [Dayjs, Dayjs] },
  ];

  return (
    <div className="qm-system-log">
      <ListPage<LogRow, Filters>
        list={list}
        search={{ ...list, reset }}
        filters={
          <DatePicker.RangePicker
            value={range}
            onChange={changeRange}
            presets={presets}
            allowClear
            placeholder={[t('systemLog.startDate'), t('systemLog.endDate')]}
            aria-label={t('systemLog.dateRange')}
          />
        }
        actions={
          removable && (
            <>
              <Button danger icon={<DeleteOutlined />} onClick={remove}>
                {t('systemLog.remove')}
              </Button>
              <Button danger type="link" onClick={clear}>
                {t('systemLog.clear')}
              </Button>
            </>
          )
        }
        header={
          <Tabs
            activeKey={TABS.find((x) => x.category === category)?.key}
            onChange={switchTab}
            items={TABS.map((tab) => ({ key: tab.key, label: t(`systemLog.${tab.key}`) }))}
          />
        }
        scroll={{ x: 1100 }}
        columns={columns[category]}
        rowSelection={removable ? rowSelection : undefined}
        onChange={unselect}
      />
    </div>
  );
}
