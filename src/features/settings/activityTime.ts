// When an access-log line happened, relative ('5 minutes ago') and absolute ('3 Jan 2026, 14:05'), in
// the reader's own language and time zone.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** '5 minutes ago', 'yesterday', 'now', as seen at `now` (epoch ms); the text as given if not a date. */
export function relativeTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const ago = at - now;
  if (Math.abs(ago) < MINUTE) return format.format(0, 'second');
  const [unit, size] = UNITS.find(([, length]) => Math.abs(ago) >= length) ?? ['minute', MINUTE];
  return format.format(Math.round(ago / size), unit);
}

/** '3 Jan 2026, 14:05'; the text as given if not a date. */
export function absoluteTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
