import { DASHBOARD_RECENT_ENTRIES } from '../../common/constants';

/** The dashboard's list query: the newest entries only (the page and its prefetch share the cache entry). */
export const RECENT_QUERY = { limit: DASHBOARD_RECENT_ENTRIES };
