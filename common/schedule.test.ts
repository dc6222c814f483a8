import { expect } from 'chai';
import { isOpenAt, localTime, normalizeSchedule, scheduleSchema, type Schedule } from './schedule';

/** A UTC instant for a Moscow (GMT+3) wall time: 2026-11-23 is a Monday. */
function moscow(isoLocal: string): Date {
  return new Date(`${isoLocal}+03:00`);
}

const weekdays9to18: Schedule = {
  utcOffsetMinutes: 180,
  ranges: [0, 1, 2, 3, 4].map((day) => ({ day, from: '09:00', to: '18:00' })),
};

describe('common/schedule', () => {
  it('reads the weekday from Monday and the minute in the schedule offset', () => {
    expect(localTime(moscow('2026-11-23T00:30'), 180)).to.deep.equal({ day: 0, minute: 30 });
    expect(localTime(new Date('2026-11-22T22:00Z'), 180)).to.deep.equal({ day: 0, minute: 60 });
    expect(localTime(moscow('2026-11-29T12:00'), 180).day).to.equal(6);
  });

  it('is always open without a schedule and never with no ranges', () => {
    expect(isOpenAt(null, new Date())).to.equal(true);
    expect(isOpenAt(undefined, new Date())).to.equal(true);
    expect(isOpenAt({ utcOffsetMinutes: 180, ranges: [] }, new Date())).to.equal(false);
  });

  it('opens at the start of a range and closes at its end', () => {
    expect(isOpenAt(weekdays9to18, moscow('2026-11-23T08:59'))).to.equal(false);
    expect(isOpenAt(weekdays9to18, moscow('2026-11-23T09:00'))).to.equal(true);
    expect(isOpenAt(weekdays9to18, moscow('2026-11-23T17:59'))).to.equal(true);
    expect(isOpenAt(weekdays9to18, moscow('2026-11-23T18:00'))).to.equal(false);
    expect(isOpenAt(weekdays9to18, moscow('2026-11-28T12:00')), 'Saturday').to.equal(false);
  });

  it('uses the schedule offset, not the server clock', () => {
    // 07:00 UTC is 10:00 in Moscow (open) and 07:00 in London (closed).
    const at = new Date('2026-11-23T07:00Z');
    expect(isOpenAt(weekdays9to18, at)).to.equal(true);
    expect(isOpenAt({ ...weekdays9to18, utcOffsetMinutes: 0 }, at)).to.equal(false);
  });

  it('runs a range over midnight into the next day', () => {
    const nights: Schedule = { utcOffsetMinutes: 180, ranges: [{ day: 6, from: '22:00', to: '02:00' }] };
    expect(isOpenAt(nights, moscow('2026-11-29T21:59')), 'Sunday before').to.equal(false);
    expect(isOpenAt(nights, moscow('2026-11-29T23:30')), 'Sunday night').to.equal(true);
    expect(isOpenAt(nights, moscow('2026-11-30T01:59')), 'Monday morning').to.equal(true);
    expect(isOpenAt(nights, moscow('2026-11-30T02:00')), 'Monday 02:00').to.equal(false);
    expect(isOpenAt(nights, moscow('2026-11-24T01:00')), 'Tuesday morning').to.equal(false);
  });

  it('treats 24:00 as the end of the day and equal ends as a full day from the start', () => {
    const toMidnight: Schedule = { utcOffsetMinutes: 180, ranges: [{ day: 0, from: '20:00', to: '24:00' }] };
    expect(isOpenAt(toMidnight, moscow('2026-11-23T23:59'))).to.equal(true);
    expect(isOpenAt(toMidnight, moscow('2026-11-24T00:00'))).to.equal(false);
    const fullDay: Schedule = { utcOffsetMinutes: 180, ranges: [{ day: 0, from: '12:00', to: '12:00' }] };
    expect(isOpenAt(fullDay, moscow('2026-11-24T11:59'))).to.equal(true);
    expect(isOpenAt(fullDay, moscow('2026-11-24T12:00'))).to.equal(false);
  });

  it('validates: GMT+3 by default, times HH:MM, days 0..6, null clears', async () => {
    const valid = await scheduleSchema.validate({ ranges: [{ day: 2, from: '09:00', to: '24:00' }] });
    expect(valid).to.deep.equal({ utcOffsetMinutes: 180, ranges: [{ day: 2, from: '09:00', to: '24:00' }] });
    expect(await scheduleSchema.validate(null)).to.equal(null);
    for (const bad of [
      { ranges: [{ day: 7, from: '09:00', to: '10:00' }] },
      { ranges: [{ day: 1, from: '9:00', to: '10:00' }] },
      { ranges: [{ day: 1, from: '24:00', to: '10:00' }] },
      { ranges: [{ day: 1, from: '09:00', to: '25:00' }] },
      { ranges: 'always' },
      { utcOffsetMinutes: 100_000, ranges: [] },
    ]) {
      let failed = false;
      await scheduleSchema.validate(bad, { strict: false }).catch(() => (failed = true));
      expect(failed, JSON.stringify(bad)).to.equal(true);
    }
  });

  it('normalizes ranges into day and start order', () => {
    const schedule = normalizeSchedule({
      utcOffsetMinutes: 180,
      ranges: [
        { day: 3, from: '10:00', to: '11:00' },
        { day: 1, from: '12:00', to: '13:00' },
        { day: 1, from: '08:00', to: '09:00' },
      ],
    });
    expect(schedule.ranges.map((range) => `${range.day} ${range.from}`)).to.deep.equal(['1 08:00', '1 12:00', '3 10:00']);
  });
});
