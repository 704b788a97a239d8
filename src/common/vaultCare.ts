// The thresholds of the vault's care over time, the same for the server's counts and filters and the
// browser's words: when a password is weak or old, and how long the trash keeps an entry.
import { STRENGTH_BANDS } from './constants';

/** Below this score a password is weak: the policy's "Very Weak" and "Weak". */
export const WEAK_BELOW = STRENGTH_BANDS[1];
/** A password unchanged for this long is old. */
export const OLD_AFTER_DAYS = 365;
/** How long a deleted entry can be restored before it is purged. */
export const TRASH_DAYS = 30;
