// Why an entry's password needs care, in words, from what the list carries of its health (never the
// password): the thresholds of src/common/vaultCare.ts, as the server's counts and filters.
import { OLD_AFTER_DAYS, WEAK_BELOW } from '../../common/vaultCare';
import { HEALTH_FILTERS, type HealthFilterName, type PasswordHealth } from '../../common/wire';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HealthReason {
  kind: HealthFilterName;
  label: string;
}

/** How old a password is, in whole years, when it is old (null when it is not, or not known). */
export function yearsOld(passwordChangedAt: string | null, now: number): number | null {
  if (!passwordChangedAt) return null;
  const changed = Date.parse(passwordChangedAt);
  if (Number.isNaN(changed)) return null;
  const days = (now - changed) / DAY_MS;
  return days > OLD_AFTER_DAYS ? Math.floor(days / OLD_AFTER_DAYS) : null;
}

/** 'Weak', 'Reused in 3 entries', 'Over a year old' or '2 years old': what the card's chips say. */
export function healthReasons(health: PasswordHealth | undefined, now = Date.now()): HealthReason[] {
  if (!health) return [];
  const reasons: HealthReason[] = [];
  if (health.strength !== null && health.strength < WEAK_BELOW) reasons.push({ kind: 'weak', label: 'Weak' });
  if (health.reusedIn > 1) reasons.push({ kind: 'reused', label: `Reused in ${health.reusedIn} entries` });
  const years = yearsOld(health.passwordChangedAt, now);
  if (years !== null) {
    reasons.push({ kind: 'old', label: years < 2 ? 'Over a year old' : `${years} years old` });
  }
  return reasons;
}

/** The `health` search parameter of /passwords, when it names a filter. */
export function healthFilterOf(value: string | null): HealthFilterName | undefined {
  return HEALTH_FILTERS.find((name) => name === value);
}

/** What the Passwords page says while a health filter is on. */
export const HEALTH_FILTER_TEXT: Record<HealthFilterName, string> = {
  weak: 'Showing weak passwords',
  reused: 'Showing reused passwords',
  old: 'Showing old passwords',
};

/** Where the dashboard's health counts lead: the Passwords page, filtered. */
export function healthFilterPath(name: HealthFilterName): string {
  return `/passwords?health=${name}`;
}
