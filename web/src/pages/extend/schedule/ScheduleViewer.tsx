/**
 * 查看日程, the schedule viewer (widget spec 2.8; SCHED-003..012): a 600px dialog that loads
 * the occurrence with its series (Schedule/detail with groupId and id, SCHED-012) and shows its
 * category, urgency, title, content, start and end (yyyy-MM-dd HH:mm, SCHED-004), creator and
 * participants as the server words them.
 *
 * 删除 shows only when the viewer was opened with type 1 (SCHED-005; the calendar opens it so).
 * A schedule that does not repeat is deleted after a warning (此操作将删除该日程, 是否继续?) with
 * scope 3 (SCHED-006); a repeating one asks its scope in the 380px 删除确认 dialog (SCHED-007,
 * SCHED-008), which insists on a choice (SCHED-009). The answer's msg is the success toast
 * (SCHED-011); a failed delete only stops the spinner, and the viewer adds no message of its
 * own (SCHED-010: the HTTP client has said why). 编辑 shows for the creator's own schedules.
 */
import { useEffect, useState } from 'react';
import { App, Button, Descriptions, Modal, Spin } from 'antd';
import { inZone } from '@/utils/clock';
import { useTranslation } from 'react-i18next';
import { deleteSchedule, getScheduleDetail, type ScheduleDetail, type ScheduleScope } from '@/api/schedule';
import { SHOW_FORMAT } from './calendar';
import { ScopeDialog } from './ScopeDialog';

/** SCHED-003: the viewer is 600px wide. */
export const VIEWER_WIDTH = 600;

export interface ViewerTarget {
  id: string;
  groupId?: string;
  /** 1: opened from the calendar, where 删除 is offered (SCHED-005). */
  openType: number;
  /** The caller created it: 编辑 is offered. */
  own?: boolean;
}

interface Props {
  target: ViewerTarget | null;
  onClose(): void;
  /** After a deletion. */
  onDeleted(): void;
  onEdit?(id: string): void;
}

export function ScheduleViewer({ target, onClose, onDeleted, onEdit }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [detail, setDetail] = useState<ScheduleDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [askScope, setAskScope] = useState(false);
  const id = target?.id ?? null;

  useEffect(() => {
    if (!target) return;
    let alive = true;
    setDetail(null);
    setLoading(true);
    getScheduleDetail(target.id, target.groupId ?? '0').then(
      ({ data }) => {
        if (!alive) return;
        setDetail(data ?? null);
        setLoading(false);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [id]);

  const remove = (scope: ScheduleScope) => {
    if (!detail) return Promise.resolve();
    setDeleting(true);
    return deleteSchedule(detail.id, scope).then(
      (res) => {
        setDeleting(false);
        setAskScope(false);
        void message.success(res.msg || t('manage.done'), 1.5);
        onClose();
        onDeleted();
      },
      // SCHED-010: the spinner stops; the HTTP client has shown the server's message.
      () => setDeleting(false),
    );
  };

  const startDelete = () => {
    if (!detail) return;
    if (detail.repetition && detail.repetition !== '1') return setAskScope(true);
    modal.warning({
      title: t('common.tip'),
      content: t('schedule.deleteConfirm'),
      okCancel: true,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => remove(3),
    });
  };

  const time = (ms: number | undefined) => (ms ? inZone(ms).format(SHOW_FORMAT) : '');
  const footer = [
    target?.own && onEdit && detail && (
      <Button key="edit" onClick={() => onEdit(detail.id)}>
        {t('manage.edit')}
      </Button>
    ),
    target?.openType === 1 && detail && (
      <Button key="delete" danger loading={deleting} onClick={startDelete}>
        {t('manage.remove')}
      </Button>
    ),
    <Button key="close" type="primary" onClick={onClose}>
      {t('common.close')}
    </Button>,
  ].filter(Boolean);

  return (
    <>
      <Modal
        open={target !== null}
        title={t('schedule.view')}
        width={VIEWER_WIDTH}
        destroyOnHidden
        className="qm-schedule-viewer"
        footer={footer}
        onCancel={onClose}
      >
        <Spin spinning={loading}>
          {detail ? (
            <Descriptions
              column={1}
              bordered
              size="small"
              styles={{ label: { width: 110 } }}
              items={[
                { key: 'type', label: t('schedule.type'), children: detail.type },
                { key: 'urgent', label: t('schedule.urgent'), children: detail.urgent },
                { key: 'title', label: t('schedule.title'), children: detail.title },
                { key: 'content', label: t('schedule.content'), children: <span className="qm-schedule-content">{detail.content}</span> },
                { key: 'startTime', label: t('schedule.startTime'), children: time(detail.startDay) },
                { key: 'endTime', label: t('schedule.endTime'), children: time(detail.endDay) },
                { key: 'creator', label: t('schedule.creator'), children: detail.creatorUserId },
                { key: 'participants', label: t('schedule.participants'), children: detail.toUserIds },
              ]}
            />
          ) : (
            !loading && <div className="qm-schedule-gone">{t('schedule.gone')}</div>
          )}
        </Spin>
      </Modal>
      <ScopeDialog
        open={askScope}
        title={t('schedule.deleteScopeTitle')}
        text={t('schedule.deleteScopeText')}
        loading={deleting}
        onConfirm={(scope) => void remove(scope)}
        onCancel={() => setAskScope(false)}
      />
    </>
  );
}
