import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX } from '../common/constants';

export const DESKTOP_QUERY = `(min-width:${MOBILE_BREAKPOINT_PX}px)`;

/** True on windows at least 768 px wide (SPEC section 2's mobile breakpoint). */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY, { noSsr: true });
}
