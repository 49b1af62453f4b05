/**
 * 通知公告 (spec 01 §4 "notices have a release action"; MSG-022, MSG-023; jnpf-wire-areas.md §4):
 * the notices, paged, with keyword search (Enter), type (NoticeType) and state filters. 新建 and
 * 编辑 (drafts only) open the form; 发布 releases a draft to its addressees after confirmation
 * (each gets a message at once, live); 查看 shows it as its addressees will; 删除 after
 * confirmation. Each action only with its button (PERM-011).
 */
import { useState } from 'react';
import { Button, Select, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { deleteNotice, getNotice, getNoticeList, releaseNotice, withdrawNotice, type MessageInfo, type NoticeRow } from '@/api/message';
import { ListSearch, listTableProps } from '@/components/ListSearch';
import { actionsColumn } from '@/components/listColumns';
import { RowActions } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_EDIT, BTN_REMOVE, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList, type ListQuery } from '@/hooks/useList';
import { MessageView } from '@/app/messages/MessageView';
import { NoticeDialog } from './NoticeDialog';
import { DATE_FORMAT } from '@/utils/format';

type Filters = { type: string; enabledMark: string };

const fetchPage = ({ type, enabledMark, ...q }: ListQuery & Filters) =>
  getNoticeList({ ...q, type: type ? [type] : [], enabledMark: enabledMark ? [enabledMark] : [] });

const time = (v: number | null | undefined) => (v ? dayjs(v).format(DATE_FORMAT) : '');

/** 0 draft, 1 released, 2 expired. */
export const STATE_COLOURS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'orange' };

export default function NoticePage() {
  const { t } = useTranslation();
  const can = useButtons();
  const confirm = useConfirm();
  const types = useDictionary('NoticeType');
  const list = useList<NoticeRow, Filters>(fetchPage, { filters: { type: '', enabledMark: '' } });
  const [target, setTarget] = useState<{ id: string } | null>(null);
  const [viewing, setViewing] = useState<MessageInfo | null>(null);
  const [viewLoading, setViewLoading] = useState(false);
  const [viewOpen, setViewOpen] = useState(false);
  const stateName = (mark: number) => t(`notice.state${mark}`);

  const view = (row: NoticeRow) => {
    setViewOpen(true);
    setViewLoading(true);
    getNotice(row.id).then(
      ({ data }) => {
        setViewing({ id: data.id, title: data.title, type: 3, flowType: 0, releaseUser: data.releaseUser, releaseTime: data.releaseTime ?? row.creatorTime, excerpt: data.excerpt, bodyText: data.bodyText, files: data.files, coverImage: data.coverImage });
        setViewLoading(false);
      },
      () => {
        setViewLoading(false);
        setViewOpen(false);
      },
    );
  };

  return (
    <div className="qm-notice-page">
      <ListSearch
        list={list}
        filters={
          <>
            <Select
              aria-label={t('notice.category')}
              style={{ width: 140 }}
              value={list.query.type}
              options={[{ value: '', label: t('notice.allCategories') }, ...types.map((d) => ({ value: d.enCode, label: d.fullName }))]}
              onChange={(type: string) => list.setFilters({ type })}
            />
            <Select
              aria-label={t('notice.state')}
              style={{ width: 120 }}
              value={list.query.enabledMark}
              options={[{ value: '', label: t('notice.allStates') }, ...[0, 1, 2].map((m) => ({ value: String(m), label: stateName(m) }))]}
              onChange={(enabledMark: string) => list.setFilters({ enabledMark })}
            />
          </>
        }
        actions={
          can(BTN_ADD) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ id: '' })}>
              {t('manage.add')}
            </Button>
          )
        }
      />
      <Table<NoticeRow>
        {...listTableProps(list, t)}
        rowKey="id"
        size="middle"
        scroll={{ x: 1300 }}
        columns={[
          { key: 'title', title: t('notice.title'), dataIndex: 'title', ellipsis: true, width: 240 },
          { key: 'category', title: t('notice.category'), dataIndex: 'category', width: 100 },
          { key: 'creatorUser', title: t('notice.creatorUser'), dataIndex: 'creatorUser', width: 140, ellipsis: true },
          { key: 'creatorTime', title: t('manage.creatorTime'), dataIndex: 'creatorTime', width: 160, render: time },
          { key: 'releaseUser', title: t('msg.releaseUser'), dataIndex: 'releaseUser', width: 140, ellipsis: true },
          { key: 'releaseTime', title: t('msg.releaseTime'), dataIndex: 'releaseTime', width: 160, render: time },
          { key: 'expirationTime', title: t('notice.expirationTime'), dataIndex: 'expirationTime', width: 160, render: time },
          {
            key: 'enabledMark',
            title: t('notice.state'),
            dataIndex: 'enabledMark',
            width: 90,
            render: (m: number) => <Tag color={STATE_COLOURS[m]}>{stateName(m)}</Tag>,
          },
          actionsColumn<NoticeRow>(t, 220, (row) => (
            <RowActions
              canEdit={can(BTN_EDIT) && row.enabledMark === 0}
              canRemove={can(BTN_REMOVE)}
              label={row.title}
              onEdit={() => setTarget({ id: row.id })}
              onRemove={() => confirm.remove(() => deleteNotice(row.id), list.refresh)}
              extra={
                <>
                  {can(BTN_EDIT) && row.enabledMark === 0 && (
                    <Button
                      type="link"
                      size="small"
                      aria-label={`${t('notice.release')} ${row.title}`}
                      onClick={() => confirm.action(t('notice.releaseConfirm'), () => releaseNotice(row.id), list.refresh)}
                    >
                      {t('notice.release')}
                    </Button>
                  )}
                  {can(BTN_EDIT) && row.enabledMark !== 0 && (
                    <Button
                      type="link"
                      size="small"
                      aria-label={`${t('notice.withdraw')} ${row.title}`}
                      onClick={() => confirm.action(t('notice.withdrawConfirm'), () => withdrawNotice(row.id), list.refresh)}
                    >
                      {t('notice.withdraw')}
                    </Button>
                  )}
                  <Button type="link" size="small" aria-label={`${t('notice.view')} ${row.title}`} onClick={() => view(row)}>
                    {t('notice.view')}
                  </Button>
                </>
              }
            />
          )),
        ]}
      />
      <NoticeDialog
        target={target}
        categories={types}
        onClose={() => setTarget(null)}
        onSaved={list.refresh}
      />
      <MessageView open={viewOpen} loading={viewLoading} info={viewing} onClose={() => setViewOpen(false)} />
    </div>
  );
}
