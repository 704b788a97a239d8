import { AUTO_LOGOUT_OPTIONS, type AutoLogoutMinutes } from '../../common/constants';

/** '5 minutes' ... '1 hour', '2 hours' (SPEC section 9). */
export function autoLogoutLabel(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const AUTO_LOGOUT_CHOICES = AUTO_LOGOUT_OPTIONS.map((minutes) => ({
  value: minutes as AutoLogoutMinutes,
  label: autoLogoutLabel(minutes),
}));
