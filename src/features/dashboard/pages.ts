// The dashboard page as a lazy component that its prefetch can load: apart from the prefetch, so that
// naming the page (the router does) brings none of the vault's API code into the first chunk.
import { lazyWithPreload } from '../../shared/ui/lazyWithPreload';

export const DashboardPage = lazyWithPreload(() => import('./DashboardPage'));
