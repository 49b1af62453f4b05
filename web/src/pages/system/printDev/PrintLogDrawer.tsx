/**
 * 日志 of a print template: its prints newest first (名称, 打印人, 打印时间, 打印条数), with the
 * keyword (Enter), reset, refresh and paging of every list (useList).
 */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { getPrintLog, type PrintLogRow } from '@/api/printDev';
import { ListPage } from '@/components/ListPage';
import { secondsColumn } from '@/components/listColumns';
import { useList } from '@/hooks/useList';

interface Props {
  target: { id: string; fullName: string } | null;
  onClose(): void;
}

function LogList({ id }: { id: string }) {
  const { t } = useTranslation();
  const list = useList((q) => getPrintLog(id, q));
  return (
    <ListPage<PrintLogRow>
      list={list}
      size="small"
      columns={[
        { key: 'printTitle', title: t('printDev.logTitle'), dataIndex: 'printTitle', ellipsis: true },
        { key: 'printMan', title: t('printDev.logMan'), dataIndex: 'printMan', width: 160, ellipsis: true },
        secondsColumn('printTime', 'printTime', t('printDev.logTime')),
        { key: 'printNum', title: t('printDev.logNum'), dataIndex: 'printNum', width: 90, align: 'right' },
      ]}
    />
  );
}

export function PrintLogDrawer({ target, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={target !== null}
      title={`${t('printDev.log')}${target ? ` - ${target.fullName}` : ''}`}
      width={900}
      destroyOnHidden
      className="qm-print-log"
      onClose={onClose}
    >
      {target && <LogList id={target.id} />}
    </Drawer>
  );
}
