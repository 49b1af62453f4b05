/**
 * 消息记录 (spec 01 §2.1; MSG-001, MSG-018, MSG-021): every in-site message of the caller,
 * paged, with keyword search (Enter), the source type (msgSourceType) and the read state as
 * filters. A title opens the message as the drawer does (read, then shown or routed); selected
 * rows or one row are deleted after confirmation (the caller's copies only).
 */
import { Button, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deleteMessageRecords, getMessageList, type MessageRow } from '@/api/message';
import { ListPage, dictionaryOptions, useSelection } from '@/components/ListPage';
import { actionsColumn, timeColumn } from '@/components/listColumns';
import { RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { useDictionary } from '@/hooks/useDictionary';
import { useList, type ListQuery } from '@/hooks/useList';
import { useOpenMessage } from '@/app/messages/useOpenMessage';

type Filters = { type: string; isRead: string };

const fetchPage = (q: ListQuery & Filters) => getMessageList({ ...q, sort: 'desc' });

export default function MessageRecordPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const types = useDictionary('msgSourceType');
  const list = useList<MessageRow, Filters>(fetchPage, { filters: { type: '', isRead: '' } });
  const { selected, clear, rowSelection } = useSelection();
  const { open, view } = useOpenMessage();
  const typeName = (type: number) => types.find((d) => d.enCode === String(type))?.fullName ?? String(type);

  const remove = (ids: string[]) =>
    confirm.action(t('msg.deleteConfirm'), () => deleteMessageRecords(ids), () => {
      clear();
      list.refresh();
    });

  return (
    <div className="qm-message-record-page">
      <ListPage<MessageRow, Filters>
        list={list}
        selects={[
          { name: 'type', label: t('msg.type'), all: t('msg.allTypes'), options: dictionaryOptions(types) },
          { name: 'isRead', label: t('msg.readState'), all: t('msg.allStates'), width: 120, options: [{ value: '0', label: t('msg.unread') }, { value: '1', label: t('msg.read') }] },
        ]}
        actions={
          <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => remove(selected)}>
            {t('msg.deleteSelected')}
          </Button>
        }
        rowSelection={rowSelection}
        columns={[
          {
            key: 'title',
            title: t('msg.title'),
            dataIndex: 'title',
            ellipsis: true,
            render: (title: string, row) => (
              <Button type="link" size="small" onClick={() => void open(row).then((read) => read && row.isRead !== '1' && list.refresh())}>
                {title}
              </Button>
            ),
          },
          { key: 'type', title: t('msg.type'), dataIndex: 'type', width: 100, render: typeName },
          { key: 'releaseUser', title: t('msg.releaseUser'), dataIndex: 'releaseUser', width: 160, ellipsis: true },
          timeColumn('releaseTime', t('msg.releaseTime')),
          {
            key: 'isRead',
            title: t('msg.readState'),
            dataIndex: 'isRead',
            width: 90,
            render: (v: string) => (v === '1' ? <Tag>{t('msg.read')}</Tag> : <Tag color="red">{t('msg.unread')}</Tag>),
          },
          actionsColumn<MessageRow>(t, 90, (row) => <RowButton danger text={t('manage.remove')} label={row.title} onClick={() => remove([row.id])} />),
        ]}
      />
      {view}
    </div>
  );
}
