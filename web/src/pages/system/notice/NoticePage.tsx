/**
 * 通知公告 (spec 01 §4 "notices have a release action"; MSG-022, MSG-023; jnpf-wire-areas.md §4):
 * the notices, paged, with keyword search (Enter), type (NoticeType) and state filters. 新建 and
 * 编辑 (drafts only) open the form; 发布 releases a draft to its addressees after confirmation
 * (each gets a message at once, live); 查看 shows it as its addressees will; 删除 after
 * confirmation. Each action only with its button (PERM-011).
 */
import { useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteNotice, getNotice, getNoticeList, releaseNotice, withdrawNotice, type MessageInfo, type NoticeRow } from '@/api/message';
import { ListPage, dictionaryOptions } from '@/components/ListPage';
import { creatorUserColumn, rowActionsColumn, timeColumn } from '@/components/listColumns';
import { RowButton } from '@/components/RowActions';
import { useConfirm } from '@/components/useConfirm';
import { BTN_ADD, BTN_EDIT, BTN_REMOVE, useButtons } from '@/hooks/useButtons';
import { useDictionary } from '@/hooks/useDictionary';
import { useList, type ListQuery } from '@/hooks/useList';
import { MessageView } from '@/app/messages/MessageView';
import { NoticeDialog } from './NoticeDialog';

type Filters = { type: string; enabledMark: string };

const fetchPage = ({ type, enabledMark, ...q }: ListQuery & Filters) =>
  getNoticeList({ ...q, type: type ? [type] : [], enabledMark: enabledMark ? [enabledMark] : [] });

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
      <ListPage<NoticeRow, Filters>
        list={list}
        selects={[
          { name: 'type', label: t('notice.category'), all: t('notice.allCategories'), options: dictionaryOptions(types) },
          { name: 'enabledMark', label: t('notice.state'), all: t('notice.allStates'), width: 120, options: [0, 1, 2].map((m) => ({ value: String(m), label: stateName(m) })) },
        ]}
        onAdd={can(BTN_ADD) ? () => setTarget({ id: '' }) : undefined}
        scroll={{ x: 1300 }}
        columns={[
          { key: 'title', title: t('notice.title'), dataIndex: 'title', ellipsis: true, width: 240 },
          { key: 'category', title: t('notice.category'), dataIndex: 'category', width: 100 },
          creatorUserColumn(t('notice.creatorUser'), 140),
          timeColumn('creatorTime', t('manage.creatorTime'), 160),
          { key: 'releaseUser', title: t('msg.releaseUser'), dataIndex: 'releaseUser', width: 140, ellipsis: true },
          timeColumn('releaseTime', t('msg.releaseTime'), 160),
          timeColumn('expirationTime', t('notice.expirationTime'), 160),
          {
            key: 'enabledMark',
            title: t('notice.state'),
            dataIndex: 'enabledMark',
            width: 90,
            render: (m: number) => <Tag color={STATE_COLOURS[m]}>{stateName(m)}</Tag>,
          },
          rowActionsColumn<NoticeRow>({
            t,
            confirm,
            width: 220,
            // 编辑 only of a draft.
            canEdit: (row) => can(BTN_EDIT) && row.enabledMark === 0,
            canRemove: can(BTN_REMOVE),
            label: (row) => row.title,
            onEdit: (row) => setTarget({ id: row.id }),
            remove: deleteNotice,
            done: list.refresh,
            extra: (row) => (
              <>
                {can(BTN_EDIT) && row.enabledMark === 0 && (
                  <RowButton
                    text={t('notice.release')}
                    label={row.title}
                    onClick={() => confirm.action(t('notice.releaseConfirm'), () => releaseNotice(row.id), list.refresh)}
                  />
                )}
                {can(BTN_EDIT) && row.enabledMark !== 0 && (
                  <RowButton
                    text={t('notice.withdraw')}
                    label={row.title}
                    onClick={() => confirm.action(t('notice.withdrawConfirm'), () => withdrawNotice(row.id), list.refresh)}
                  />
                )}
                <RowButton text={t('notice.view')} label={row.title} onClick={() => view(row)} />
              </>
            ),
          }),
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
