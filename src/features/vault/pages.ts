// The vault's pages as lazy components that a prefetch can load: apart from the prefetch, so that naming
// a page (the router does) brings none of the vault's API code into the first chunk.
import { lazyWithPreload } from '../../shared/ui/lazyWithPreload';

export const PasswordsPage = lazyWithPreload(() => import('./PasswordsPage'));
export const TrashPage = lazyWithPreload(() => import('./trash/TrashPage'));
