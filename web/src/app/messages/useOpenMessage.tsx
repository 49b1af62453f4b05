/**
 * Opening a message from the drawer or the records page (spec 01 §4; MSG-012..017): ReadInfo
 * marks it read (an unread one lowers the badge by one, never below 0), then it is shown in
 * the view dialog, the schedule viewer, or its page (openMessage.ts).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { readMessage, type MessageInfo, type MessageRow } from '@/api/message';
import { ScheduleViewer, type ViewerTarget } from '@/pages/extend/schedule/ScheduleViewer';
import { messageRead } from '@/stores/socket';
import { MessageView } from './MessageView';
import { messageTarget } from './openMessage';

export function useOpenMessage(beforeRoute?: () => void) {
  const navigate = useNavigate();
  const [info, setInfo] = useState<MessageInfo | null>(null);
  const [schedule, setSchedule] = useState<ViewerTarget | null>(null);

  /** Resolves true once the message was read. */
  const open = (row: Pick<MessageRow, 'id' | 'isRead'>): Promise<boolean> =>
    readMessage(row.id).then(
      ({ data }) => {
        if (row.isRead !== '1') messageRead();
        const target = messageTarget(data);
        if (target.kind === 'view') setInfo(data);
        else if (target.kind === 'schedule') setSchedule({ id: target.id, groupId: target.groupId, openType: 0 });
        else if (target.kind === 'route') {
          beforeRoute?.();
          navigate(target.to);
        }
        return true;
      },
      () => false,
    );

  const view = (
    <>
      <MessageView open={!!info} info={info} onClose={() => setInfo(null)} />
      <ScheduleViewer target={schedule} onClose={() => setSchedule(null)} onDeleted={() => setSchedule(null)} />
    </>
  );
  return { open, view };
}
