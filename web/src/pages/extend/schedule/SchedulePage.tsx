/**
 * 日程安排, the schedule calendar (issue 11; SCHED-*; jnpf-wire-areas.md §2.5): the caller's
 * own schedules and those they take part in, by month (antd's Calendar), week or day (the hour
 * grid), with 今天 and the arrows to move and 新建日程. Each view asks the server for the
 * occurrences of its visible range only (Schedule?startTime=&endTime=).
 *
 * A click on an empty day or hour proposes a new schedule there (ScheduleDialog); a click on an
 * occurrence opens the schedule viewer with opening type 1 (ScheduleViewer: 删除 with its scope,
 * and 编辑 for the caller's own schedules).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Calendar, Form, Segmented, Space, Spin, Tooltip } from 'antd';
import { LeftOutlined, PlusOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { type Dayjs } from 'dayjs';
import { today } from '@/utils/clock';
import { useTranslation } from 'react-i18next';
import { getSchedules, type ScheduleEvent } from '@/api/schedule';
import { useUser } from '@/stores/user';
import { VIEWS, clock, eventColor, eventsOn, rangeTitle, step, viewDays, visibleRange, type CalendarView } from './calendar';
import type { ScheduleValues } from './form';
import { ScheduleDialog, type ScheduleTarget } from './ScheduleDialog';
import { ScheduleViewer, type ViewerTarget } from './ScheduleViewer';
import { TimeGrid } from './TimeGrid';
import './schedule.css';

/** How many occurrences a month cell lists before "+N". */
const MONTH_CELL_EVENTS = 3;

export default function SchedulePage() {
  const { t } = useTranslation();
  const me = useUser((s) => s.userInfo?.userId ?? '');
  const [view, setView] = useState<CalendarView>('month');
  const [date, setDate] = useState<Dayjs>(() => today());
  const [events, setEvents] = useState<ScheduleEvent[]>([]);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const [editing, setEditing] = useState<ScheduleTarget | null>(null);
  const [viewing, setViewing] = useState<ViewerTarget | null>(null);
  const [form] = Form.useForm<ScheduleValues>();

  const range = visibleRange(view, date);
  const rangeKey = `${range.startTime}|${range.endTime}`;
  const refresh = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    const [startTime, endTime] = rangeKey.split('|');
    getSchedules({ startTime, endTime }).then(
      ({ data }) => {
        if (!alive) return;
        setEvents(Array.isArray(data?.list) ? data.list : []);
        setLoading(false);
      },
      // HTTP-015: a failed load only stops the spinner.
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
  }, [rangeKey, tick]);

  const open = (event: ScheduleEvent) => setViewing({ id: event.id, groupId: '0', openType: 1, own: event.creatorUserId === me });
  const create = (day: Dayjs, time?: string) => setEditing({ id: '', day, time });
  const formats = { month: t('schedule.monthFormat'), day: t('schedule.dayFormat') };
  const days = useMemo(() => (view === 'month' ? [] : viewDays(view, date)), [view, date]);

  const monthCell = (current: Dayjs) => {
    const list = eventsOn(events, current);
    const more = list.length - MONTH_CELL_EVENTS;
    return (
      <div className="qm-month-events">
        {list.slice(0, MONTH_CELL_EVENTS).map((e) => (
          <button
            key={e.id}
            type="button"
            className="qm-event qm-event-line"
            title={e.title}
            onClick={(ev) => {
              ev.stopPropagation();
              open(e);
            }}
          >
            <span className="qm-event-dot" style={{ background: eventColor(e) }} />
            {e.allDay !== 1 && <span className="qm-event-time">{clock(e.startDay)}</span>}
            <span className="qm-event-title">{e.title}</span>
          </button>
        ))}
        {more > 0 && (
          <button
            type="button"
            className="qm-event-more"
            onClick={(ev) => {
              ev.stopPropagation();
              setDate(current);
              setView('day');
            }}
          >
            {t('schedule.more', { n: more })}
          </button>
        )}
      </div>
    );
  };

  return (
    <div className="qm-schedule-page">
      <div className="qm-schedule-toolbar">
        <Space>
          <Button onClick={() => setDate(today())}>{t('schedule.today')}</Button>
          <Button aria-label={t('schedule.previous')} icon={<LeftOutlined />} onClick={() => setDate((d) => step(view, d, -1))} />
          <Button aria-label={t('schedule.next')} icon={<RightOutlined />} onClick={() => setDate((d) => step(view, d, 1))} />
          <h2 className="qm-schedule-title">{rangeTitle(view, date, formats)}</h2>
        </Space>
        <Space>
          <Segmented<CalendarView>
            aria-label={t('schedule.viewLabel')}
            value={view}
            onChange={setView}
            options={VIEWS.map((v) => ({ value: v, label: t(`schedule.views.${v}`) }))}
          />
          <Tooltip title={t('common.refresh')}>
            <Button type="text" aria-label={t('common.refresh')} icon={<ReloadOutlined spin={loading} />} onClick={refresh} />
          </Tooltip>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => create(date)}>
            {t('schedule.add')}
          </Button>
        </Space>
      </div>
      <Spin spinning={loading} delay={200}>
        {view === 'month' ? (
          <Calendar
            className="qm-schedule-month"
            value={date}
            headerRender={() => null}
            cellRender={(current, info) => (info.type === 'date' ? monthCell(current) : info.originNode)}
            onSelect={(d, info) => {
              if (info.source !== 'date') return;
              setDate(d.startOf('day'));
              create(d.startOf('day'));
            }}
          />
        ) : (
          <TimeGrid days={days} events={events} onOpen={open} onCreate={create} />
        )}
      </Spin>
      <ScheduleDialog target={editing} form={form} onClose={() => setEditing(null)} onSaved={refresh} />
      <ScheduleViewer
        target={viewing}
        onClose={() => setViewing(null)}
        onDeleted={refresh}
        onEdit={(id) => {
          setViewing(null);
          setEditing({ id });
        }}
      />
    </div>
  );
}
