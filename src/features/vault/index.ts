// The vault feature as the app and other features see it: the Passwords page and its Trash, the entry
// calls that other screens show (the list, the stats, the passwords' health), the entry editor, and the
// slice of the page's filters.
export { PasswordsPage, TrashPage } from './pages';
export { prefetchPasswordsPage, prefetchTrashPage } from './prefetch';
export { useGetPasswordsQuery, useGetPasswordStatsQuery, vaultApi } from './vaultApi';
export { useGetVaultHealthQuery, vaultCareApi } from './vaultCareApi';
export { healthFilterPath } from './passwordHealth';
export { usePasswordEditor } from './entryForm/usePasswordEditor';
export { vaultSlice } from './vaultSlice';
