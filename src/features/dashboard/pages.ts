// The dashboard page as a module to load: apart from its prefetch, so that naming the page (the router
// does) brings none of the vault's API code into the first chunk.
export const loadDashboardPage = () => import('./DashboardPage');
