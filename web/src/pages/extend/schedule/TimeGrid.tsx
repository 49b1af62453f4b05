/**
 * The week and day views of the calendar: an all-day row above, then 24 hour rows per day with
 * each timed occurrence as a block from its start to its end (occurrences that overlap share
 * the width; `layoutDay`). A click on an empty hour proposes a new schedule there; a click on
 * a block opens it. The grid scrolls to 08:00 when it is drawn.
 */
import { useEffect, useRef } from 'react';
import { type Dayjs } from 'dayjs';
import { today as zoneToday } from '@/utils/clock';
import { useTranslation } from 'react-i18next';
import type { ScheduleEvent } from '@/api/schedule';
import { clock, eventColor, eventsOn, isAllDayRow, layoutDay } from './calendar';

/** The height of an hour, px. */
const HOUR = 48;

interface Props {
  days: Dayjs[];
  events: ScheduleEvent[];
  onOpen(event: ScheduleEvent): void;
  onCreate(day: Dayjs, time: string): void;
}

export function TimeGrid({ days, events, onOpen, onCreate }: Props) {
  const { t } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (body.current) body.current.scrollTop = 8 * HOUR;
  }, []);
  const today = zoneToday();
  const columns = { gridTemplateColumns: `56px repeat(${days.length}, minmax(0, 1fr))` };

  return (
    <div className="qm-time-grid">
      <div className="qm-time-grid-head" style={columns}>
        <div />
        {days.map((d) => (
          <div key={d.valueOf()} className={`qm-time-grid-day${d.format('YYYY-MM-DD') === today.format('YYYY-MM-DD') ? ' qm-today' : ''}`}>
            {d.format(t('schedule.dayHeadFormat'))}
          </div>
        ))}
      </div>
      <div className="qm-time-grid-allday" style={columns}>
        <div className="qm-time-grid-label">{t('schedule.allDay')}</div>
        {days.map((d) => (
          <div key={d.valueOf()} className="qm-time-grid-allday-cell">
            {eventsOn(events.filter(isAllDayRow), d).map((e) => (
              <button
                key={e.id}
                type="button"
                className="qm-event qm-event-bar"
                style={{ background: eventColor(e) }}
                onClick={() => onOpen(e)}
              >
                {e.title}
              </button>
            ))}
          </div>
        ))}
      </div>
      <div className="qm-time-grid-body" ref={body}>
        <div className="qm-time-grid-inner" style={{ ...columns, height: 24 * HOUR }}>
          <div className="qm-time-grid-hours">
            {Array.from({ length: 24 }, (_, h) => (
              <div key={h} className="qm-time-grid-hour-label" style={{ height: HOUR }}>
                {h ? `${String(h).padStart(2, '0')}:00` : ''}
              </div>
            ))}
          </div>
          {days.map((d) => (
            <div key={d.valueOf()} className="qm-time-grid-column" data-day={d.format('YYYY-MM-DD')}>
              {Array.from({ length: 24 }, (_, h) => (
                <div
                  key={h}
                  className="qm-time-grid-slot"
                  style={{ height: HOUR }}
                  onClick={() => onCreate(d, `${String(h).padStart(2, '0')}:00`)}
                />
              ))}
              {layoutDay(events, d).map(({ event, top, height, column, columns: n }) => (
                <button
                  key={event.id}
                  type="button"
                  className="qm-event qm-event-block"
                  style={{
                    top: (top / 60) * HOUR,
                    height: (height / 60) * HOUR - 2,
                    left: `calc(${(column / n) * 100}% + 2px)`,
                    width: `calc(${100 / n}% - 4px)`,
                    background: eventColor(event),
                  }}
                  onClick={() => onOpen(event)}
                >
                  <span className="qm-event-time">
                    {clock(event.startDay)}–{clock(event.endDay)}
                  </span>
                  <span className="qm-event-title">{event.title}</span>
                </button>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
