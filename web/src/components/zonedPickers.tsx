/**
 * antd's date and time pickers on the installation's clock (issue 25). antd asks its date
 * library for "now" to underline today in the calendar and to fill 今天 / 此刻; left alone that
 * is the browser's zone, so a user in another zone saw yesterday underlined and got the wrong
 * date from 今天. These pickers are antd's own, generated with the same dayjs configuration
 * except that now is the installation's (utils/clock). Every screen imports DatePicker and
 * TimePicker from here instead of from antd.
 */
import { forwardRef, type ComponentProps, type ElementRef } from 'react';
import { DatePicker as AntDatePicker } from 'antd';
import dayjsConfig from '@rc-component/picker/generate/dayjs';
import type { Dayjs } from 'dayjs';
import { now } from '@/utils/clock';

/** antd's dayjs configuration with the installation's now. */
export const zonedConfig = { ...dayjsConfig, getNow: () => now() };

/** antd's DatePicker (with RangePicker, MonthPicker …) on the installation's clock. */
export const DatePicker = AntDatePicker.generatePicker<Dayjs>(zonedConfig);

type RangeProps = Omit<ComponentProps<typeof DatePicker.RangePicker>, 'picker'>;

/** A time range: the range picker in time mode, as antd's TimePicker.RangePicker. */
const TimeRangePicker = forwardRef<ElementRef<typeof DatePicker.RangePicker>, RangeProps>((props, ref) => (
  <DatePicker.RangePicker {...props} picker="time" ref={ref} />
));
TimeRangePicker.displayName = 'TimeRangePicker';

/** antd's TimePicker (and TimePicker.RangePicker) on the installation's clock. */
export const TimePicker = Object.assign(DatePicker.TimePicker, { RangePicker: TimeRangePicker });
