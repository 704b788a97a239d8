import { absoluteTime, relativeTime } from './activityTime';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

test.each([
  [ago(10_000), 'now'],
  [ago(60_000), '1 minute ago'],
  [ago(5 * 60_000), '5 minutes ago'],
  [ago(2 * 3_600_000), '2 hours ago'],
  [ago(86_400_000), 'yesterday'],
  [ago(3 * 86_400_000), '3 days ago'],
  [ago(14 * 86_400_000), '2 weeks ago'],
  [ago(62 * 86_400_000), '2 months ago'],
  [ago(400 * 86_400_000), 'last year'],
])('%s is "%s"', (iso, text) => {
  expect(relativeTime(iso, NOW)).toBe(text);
});

test('not a date: the text as given', () => {
  expect(relativeTime('whenever', NOW)).toBe('whenever');
  expect(absoluteTime('whenever')).toBe('whenever');
});

test('absolute: the date and time in the reader’s language', () => {
  expect(absoluteTime('2026-03-10T12:00:00.000Z')).toBe(
    new Date(NOW).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
  );
});
