/**
 * 调用日志 of a data interface (DI-007; jnpf-wire-areas.md §2.4): its calls newest first — when,
 * who, from which address and device, which call, how long, and how it ended — with the keyword
 * (Enter), reset, refresh and paging of every list (useList).
 */
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { getInterfaceLog, type InterfaceLogRow } from '@/api/dataInterface';
import { ListPage } from '@/components/ListPage';
import { outcomeColumn, secondsColumn } from '@/components/listColumns';
import { useList } from '@/hooks/useList';

interface Props {
  target: { id: string; fullName: string } | null;
  onClose(): void;
}

function LogList({ id }: { id: string }) {
  const { t } = useTranslation();
  const list = useList((q) => getInterfaceLog(id, q));
  return (
    <ListPage<InterfaceLogRow>
      list={list}
      size="small"
      scroll={{ y: 420 }}
      columns={[
        secondsColumn('invokTime', 'invokTime', t('dataInterface.logTime')),
        { key: 'userId', title: t('dataInterface.logUser'), dataIndex: 'userId', width: 140, ellipsis: true },
        { key: 'invokIp', title: t('dataInterface.logIp'), dataIndex: 'invokIp', width: 120 },
        { key: 'invokDevice', title: t('dataInterface.logDevice'), dataIndex: 'invokDevice', ellipsis: true },
        { key: 'invokType', title: t('dataInterface.logType'), dataIndex: 'invokType', width: 90 },
        { key: 'invokWasteTime', title: t('dataInterface.logDuration'), dataIndex: 'invokWasteTime', width: 90, align: 'right' },
        { ...outcomeColumn<InterfaceLogRow>('result', t('dataInterface.logResult'), 200, (row) => row.success === 1, (row) => row.result), ellipsis: true },
      ]}
    />
  );
}

export function LogDialog({ target, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={target !== null}
      title={`${t('dataInterface.log')}${target ? ` - ${target.fullName}` : ''}`}
      width={1000}
      destroyOnHidden
      footer={null}
      className="qm-interface-log"
      onCancel={onClose}
    >
      {target && <LogList id={target.id} />}
    </Modal>
  );
}
