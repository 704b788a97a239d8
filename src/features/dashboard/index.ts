// The dashboard feature: its page (a chunk of its own) and the prefetch a reload of it starts.
export { DashboardPage } from './pages';
export { prefetchDashboard } from './prefetchDashboard';
