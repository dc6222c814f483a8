/**
 * Working hours of a manual direction: THE rule of when it is open. The rates engine asks it on
 * every tick (a closed direction leaves the widget and the exports), the console edits it, and
 * the yup schema below checks it on both sides.
 *
 * A schedule is a list of weekly ranges in one fixed UTC offset (GMT+3 unless set). A range
 * starts on `day` (0 Monday … 6 Sunday) at `from` and ends at `to`; a `to` at or before `from`
 * ends on the next day (over midnight), `24:00` is the end of the day. No ranges: never open.
 * A direction without a schedule (null) is always open.
 */
import { array, number, object, string } from 'yup';
import { validationMessage } from './validation';

export interface ScheduleRange {
  /** 0 Monday … 6 Sunday, in the schedule's offset. */
  day: number;
  /** `HH:MM`, 00:00 … 23:59. */
  from: string;
  /** `HH:MM`, 00:00 … 24:00; at or before `from`: on the next day. */
  to: string;
}

export interface Schedule {
  /** Minutes east of UTC; 180 (GMT+3, Moscow) by default. */
  utcOffsetMinutes: number;
  ranges: ScheduleRange[];
}

export const DEFAULT_SCHEDULE_OFFSET_MINUTES = 180;
export const MAX_SCHEDULE_RANGES = 28;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const MINUTES_PER_DAY = 24 * 60;

/** `HH:MM` → minutes since midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The weekday (0 Monday) and minute of the day of `at` in `utcOffsetMinutes`. */
export function localTime(at: Date, utcOffsetMinutes: number): { day: number; minute: number } {
  const local = new Date(at.getTime() + utcOffsetMinutes * 60_000);
  return { day: (local.getUTCDay() + 6) % 7, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** Whether a direction with `schedule` is open at `at` (null: no working hours, always open). */
export function isOpenAt(schedule: Schedule | null | undefined, at: Date): boolean {
  if (!schedule) return true;
  const { day, minute } = localTime(at, schedule.utcOffsetMinutes);
  return schedule.ranges.some((range) => {
    const start = minutesOf(range.from);
    const end = minutesOf(range.to);
    if (start < end) return day === range.day && minute >= start && minute < end;
    // Over midnight (an end at or before the start): the rest of `day`, then the next morning.
    const next = (range.day + 1) % 7;
    return (day === range.day && minute >= start) || (day === next && minute < end % MINUTES_PER_DAY);
  });
}

const time = string()
  .required(validationMessage('required'))
  .matches(TIME, { message: validationMessage('general_error') });

export const scheduleRangeSchema = object({
  day: number()
    .required(validationMessage('required'))
    .integer(validationMessage('integer'))
    .min(0, validationMessage('min_value', { min: 0 }))
    .max(6, validationMessage('max_value', { max: 6 })),
  from: time.test('from', validationMessage('general_error'), (value) => value === undefined || value !== '24:00'),
  to: time,
});

/** A schedule as the admin API takes it (null clears it). */
export const scheduleSchema = object({
  utcOffsetMinutes: number()
    .default(DEFAULT_SCHEDULE_OFFSET_MINUTES)
    .integer(validationMessage('integer'))
    .min(-12 * 60, validationMessage('min_value', { min: -720 }))
    .max(14 * 60, validationMessage('max_value', { max: 840 })),
  ranges: array(scheduleRangeSchema)
    .required(validationMessage('required'))
    .max(MAX_SCHEDULE_RANGES, validationMessage('max_items', { max: MAX_SCHEDULE_RANGES })),
})
  .nullable()
  .default(undefined);

/** A schedule with its ranges in a stable order (day, then start): what is stored. */
export function normalizeSchedule(schedule: Schedule): Schedule {
  const ranges = schedule.ranges
    .map(({ day, from, to }) => ({ day, from, to }))
    .sort((a, b) => a.day - b.day || minutesOf(a.from) - minutesOf(b.from));
  return { utcOffsetMinutes: schedule.utcOffsetMinutes, ranges };
}
