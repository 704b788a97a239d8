// The vault feature as the app and other features see it: the Passwords page, the entry calls that
// other screens show (the list, the stats), the entry editor, and the slice of the page's filters.
import { lazy } from 'react';
import { loadPasswordsPage } from './prefetch';

export const PasswordsPage = lazy(loadPasswordsPage);
export { prefetchPasswordsPage } from './prefetch';
export { useGetPasswordsQuery, useGetPasswordStatsQuery, vaultApi } from './vaultApi';
export { usePasswordEditor } from './entryForm/usePasswordEditor';
export { vaultSlice } from './vaultSlice';
