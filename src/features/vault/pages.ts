// The vault's pages as modules to load: apart from the prefetch, so that naming a page (the router
// does) brings none of the vault's API code into the first chunk.
export const loadPasswordsPage = () => import('./PasswordsPage');
export const loadTrashPage = () => import('./trash/TrashPage');
