import { useTranslation } from 'react-i18next';
import { DEFAULT_SCHEDULE_OFFSET_MINUTES, type Schedule } from '../../../../../common/schedule';
import { Button } from '../../../components/Button';

const DAYS = [0, 1, 2, 3, 4, 5, 6];

/** Weekly working hours: ranges of a day and two times (an end before the start runs past midnight). */
export function ScheduleEditor({ value, onChange }: { value: Schedule | null; onChange: (next: Schedule | null) => void }) {
  const { t } = useTranslation();
  if (!value) {
    return (
      <div className="catalogue-schedule">
        <p className="order-muted">{t('catalogueAdmin.schedule.always')}</p>
        <Button size="small" variant="ghost" color="secondary" onClick={() => onChange({ utcOffsetMinutes: DEFAULT_SCHEDULE_OFFSET_MINUTES, ranges: [{ day: 0, from: '09:00', to: '18:00' }] })}>
          {t('catalogueAdmin.schedule.set')}
        </Button>
      </div>
    );
  }
  const setRange = (index: number, patch: Partial<Schedule['ranges'][number]>) =>
    onChange({ ...value, ranges: value.ranges.map((range, at) => (at === index ? { ...range, ...patch } : range)) });
  return (
    <fieldset className="catalogue-schedule" data-testid="schedule-editor">
      <legend>{t('catalogueAdmin.schedule.title')}</legend>
      <label className="operator-input">
        <span>{t('catalogueAdmin.schedule.offset')}</span>
        <select value={value.utcOffsetMinutes} onChange={(event) => onChange({ ...value, utcOffsetMinutes: Number(event.currentTarget.value) })}>
          {Array.from({ length: 27 }, (_, index) => (index - 12) * 60).map((minutes) => (
            <option key={minutes} value={minutes}>
              GMT{minutes >= 0 ? '+' : '−'}
              {Math.abs(minutes / 60)}
            </option>
          ))}
        </select>
      </label>
      {value.ranges.map((range, index) => (
        <div className="catalogue-schedule__range" key={index} data-testid="schedule-range">
          <label className="operator-input">
            <span>{t('catalogueAdmin.schedule.day')}</span>
            <select value={range.day} onChange={(event) => setRange(index, { day: Number(event.currentTarget.value) })}>
              {DAYS.map((day) => (
                <option key={day} value={day}>
                  {t(`catalogueAdmin.days.${day}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="operator-input">
            <span>{t('catalogueAdmin.schedule.from')}</span>
            <input type="time" value={range.from} onChange={(event) => setRange(index, { from: event.currentTarget.value })} />
          </label>
          <label className="operator-input">
            <span>{t('catalogueAdmin.schedule.to')}</span>
            <input value={range.to} pattern="\d\d:\d\d" inputMode="numeric" onChange={(event) => setRange(index, { to: event.currentTarget.value })} />
          </label>
          <Button size="small" variant="ghost" color="secondary" onClick={() => onChange({ ...value, ranges: value.ranges.filter((_, at) => at !== index) })}>
            {t('catalogueAdmin.schedule.remove')}
          </Button>
        </div>
      ))}
      <p className="order-muted">{t('catalogueAdmin.schedule.hint')}</p>
      <div className="catalogue-actions">
        <Button size="small" variant="ghost" color="secondary" onClick={() => onChange({ ...value, ranges: [...value.ranges, { day: 0, from: '09:00', to: '18:00' }] })}>
          {t('catalogueAdmin.schedule.add')}
        </Button>
        <Button size="small" variant="ghost" color="secondary" onClick={() => onChange(null)}>
          {t('catalogueAdmin.schedule.clear')}
        </Button>
      </div>
    </fieldset>
  );
}
