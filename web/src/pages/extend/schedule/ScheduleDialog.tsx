/**
 * 新建日程 / 编辑日程 (SCHED-001, SCHED-002; jnpf-wire-areas.md §2.5): the 600px form of a
 * schedule — type (a scheduleType item), urgency, title, content, all-day, start day and time,
 * duration or a chosen end, participants (the user picker of widget spec 2.1), reminder,
 * repetition and its end. The rules core checks it as it is typed: the type, title and choices
 * by the entity form `schedule`, the start, end and repeat end by `checkScheduleTimes` (the
 * very reading the server makes), so nothing is sent while the core refuses it; the server's
 * per-field refusal shows under the field. Changing an occurrence of a repeating schedule
 * first asks its scope in 编辑确认 (1 this, 2 this and the following ones, 3 all); any other
 * change is sent with scope 3.
 */
import { useRef, useState } from 'react';
import { Form, Input, Radio, Select, Switch, type FormInstance } from 'antd';
import { DatePicker, TimePicker } from '@/components/zonedPickers';
import type { Rule } from 'antd/es/form';
import { type Dayjs } from 'dayjs';
import { now } from '@/utils/clock';
import { useTranslation } from 'react-i18next';
import { createSchedule, getSchedule, updateSchedule, type ScheduleForm, type ScheduleInfo, type ScheduleScope } from '@/api/schedule';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { checkScheduleTimes } from '@/core';
import { useDictionary } from '@/hooks/useDictionary';
import { coreText } from '@/i18n';
import { UserSelect } from '@/widgets/pickers/UserSelect';
import {
  CUSTOM_DURATION,
  DURATIONS,
  REMINDER_TIMES,
  REPETITIONS,
  TIME_FIELDS,
  URGENCIES,
  infoToValues,
  newValues,
  offsetOf,
  valuesToWire,
  type ScheduleValues,
} from './form';
import { ScopeDialog } from './ScopeDialog';

export interface ScheduleTarget {
  /** '' for a new schedule. */
  id: string;
  /** A new schedule's day and time ('HH:mm'). */
  day?: Dayjs;
  time?: string;
}

interface Props {
  target: ScheduleTarget | null;
  form: FormInstance<ScheduleValues>;
  onClose(): void;
  onSaved(): void;
}

/** The core's check of one time field, given the whole form. */
function timeRule(form: FormInstance<ScheduleValues>, name: string): Rule {
  return {
    validator: async () => {
      const values = form.getFieldsValue(true) as ScheduleValues;
      const problems = (await checkScheduleTimes(valuesToWire(values) as Record<string, unknown>, offsetOf(values)))[name];
      if (problems?.length) throw new Error(coreText(problems[0]));
    },
  };
}

/** Form.Item props of a time field: the core's check, re-run when any other time field changes. */
function timeItem(form: FormInstance<ScheduleValues>, name: (typeof TIME_FIELDS)[number], required = true) {
  return {
    name,
    required,
    rules: [timeRule(form, name)],
    dependencies: ['allDay', ...TIME_FIELDS.filter((f) => f !== name)],
  };
}

export function ScheduleDialog({ target, form, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const types = useDictionary('scheduleType');
  const allDay = Form.useWatch('allDay', form);
  const duration = Form.useWatch('duration', form);
  const repetition = Form.useWatch('repetition', form);
  // Whether the edited occurrence repeats: its change asks the scope first.
  const repeating = useRef(false);
  const [asking, setAsking] = useState<((scope: ScheduleScope | null) => void) | null>(null);

  const load = (id: string) =>
    getSchedule(id).then((res) => {
      repeating.current = Boolean(res.data?.repetition && res.data.repetition !== '1');
      return res;
    });

  const askScope = () => new Promise<ScheduleScope | null>((resolve) => setAsking(() => resolve));
  const answer = (scope: ScheduleScope | null) => {
    asking?.(scope);
    setAsking(null);
  };

  const update = async (id: string, body: ScheduleForm) => {
    const scope = repeating.current ? await askScope() : 3;
    // Cancelled: nothing is sent and the form stays as it was typed.
    if (!scope) throw new Error('cancelled');
    return updateSchedule(id, scope, body);
  };

  const chosenEnd = Boolean(allDay) || duration === CUSTOM_DURATION;
  return (
    <>
      <EntityFormDialog<ScheduleInfo, ScheduleValues> target={target} titles={[t('schedule.add'), t('schedule.edit')]}
        entity="schedule" form={form} api={{ get: load, create: createSchedule, update }}
        toValues={(info) => {
          if (info) return infoToValues(info);
          repeating.current = false;
          return newValues(target?.day ?? now(), target?.time);
        }}
        toWire={(values) => valuesToWire(values)}
        onClose={onClose}
        onSaved={onSaved}
        className="qm-schedule-form"
      >
        {(rules) => (
          <>
            <Form.Item {...rules.item('type')} label={t('schedule.type')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('picker.placeholder')}
                options={types.map((c) => ({ value: c.id, label: c.fullName }))}
              />
            </Form.Item>
            <Form.Item {...rules.item('urgent')} label={t('schedule.urgent')}>
              <Radio.Group options={URGENCIES.map((u) => ({ value: u, label: t(`schedule.urgencies.${u}`) }))} />
            </Form.Item>
            <Form.Item {...rules.item('title')} label={t('schedule.title')}>
              <Input maxLength={rules.maxLength('title')} placeholder={t('schedule.titlePlaceholder')} />
            </Form.Item>
            <Form.Item {...rules.item('content')} label={t('schedule.content')}>
              <Input.TextArea rows={3} maxLength={rules.maxLength('content')} />
            </Form.Item>
            <Form.Item name="allDay" label={t('schedule.allDay')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item {...timeItem(form, 'startDay')} label={t('schedule.startDay')}>
              <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
            </Form.Item>
            {!allDay && (
              <>
                <Form.Item {...timeItem(form, 'startTime')} label={t('schedule.startTime')}>
                  <TimePicker style={{ width: '100%' }} format="HH:mm" needConfirm={false} />
                </Form.Item>
                <Form.Item {...timeItem(form, 'duration')} label={t('schedule.duration')}>
                  <Select
                    options={DURATIONS.map((d) => ({
                      value: d,
                      label: d === CUSTOM_DURATION ? t('schedule.customDuration') : t('schedule.minutes', { n: d }),
                    }))}
                  />
                </Form.Item>
              </>
            )}
            {chosenEnd && (
              <Form.Item {...timeItem(form, 'endDay')} label={t('schedule.endDay')}>
                <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
              </Form.Item>
            )}
            {chosenEnd && !allDay && (
              <Form.Item {...timeItem(form, 'endTime')} label={t('schedule.endTime')}>
                <TimePicker style={{ width: '100%' }} format="HH:mm" needConfirm={false} />
              </Form.Item>
            )}
            <Form.Item name="toUserIds" label={t('schedule.participants')}>
              <UserSelect multiple placeholder={t('schedule.participantsPlaceholder')} />
            </Form.Item>
            <Form.Item {...rules.item('reminderTime')} label={t('schedule.reminder')}>
              <Select options={REMINDER_TIMES.map((m) => ({ value: m, label: t(`schedule.reminders.${m}`) }))} />
            </Form.Item>
            <Form.Item {...timeItem(form, 'repetition', false)} label={t('schedule.repetition')}>
              <Select options={REPETITIONS.map((r) => ({ value: r, label: t(`schedule.repetitions.${r}`) }))} />
            </Form.Item>
            {repetition && repetition !== '1' && (
              <Form.Item {...timeItem(form, 'repeatTime')} label={t('schedule.repeatTime')}>
                <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
              </Form.Item>
            )}
          </>
        )}
      </EntityFormDialog>
      <ScopeDialog
        open={asking !== null}
        title={t('schedule.editScopeTitle')}
        text={t('schedule.editScopeText')}
        onConfirm={(scope) => answer(scope)}
        onCancel={() => answer(null)}
      />
    </>
  );
}
