// The dashboard feature: its page (a chunk of its own) and the prefetch a reload of it starts.
import { lazy } from 'react';
import { loadDashboardPage } from './pages';

export const DashboardPage = lazy(loadDashboardPage);
export { prefetchDashboard } from './prefetchDashboard';
