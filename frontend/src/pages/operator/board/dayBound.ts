/**
 * A day of the browser's calendar (`YYYY-MM-DD` of a date input) as the ISO time the API filters
 * with, in the browser's own offset: its first millisecond, or with `end` its last (inclusive).
 */
export function dayBound(value: string, end: boolean, offsetMinutes = -new Date(`${value}T12:00:00`).getTimezoneOffset()): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${value}T${end ? '23:59:59.999' : '00:00:00'}${offset}`;
}
