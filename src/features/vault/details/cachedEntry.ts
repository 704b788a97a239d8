import type { RootState } from '../../../app/store';
import type { PasswordEntry } from '../../../common/wire';
import { vaultApi } from '../vaultApi';

/**
 * An entry as the most recently fetched cached list holds it (the Passwords page's windows, the
 * dashboard's recent entries), so that the detail panel shows a favourite, an edit or a refetch as the
 * card does. Undefined when no cached list holds it. Lists carry no secret: neither does this.
 */
export function selectCachedEntry(state: RootState, id: string): PasswordEntry | undefined {
  let found: PasswordEntry | undefined;
  let newest = -1;
  const consider = (entries: readonly PasswordEntry[] | undefined, fetchedAt = 0) => {
    if (fetchedAt <= newest) return;
    const entry = entries?.find((candidate) => candidate._id === id);
    if (!entry) return;
    found = entry;
    newest = fetchedAt;
  };
  for (const window of vaultApi.util.selectCachedArgsForQuery(state, 'getPasswordWindow')) {
    const { data, fulfilledTimeStamp } = vaultApi.endpoints.getPasswordWindow.select(window)(state);
    consider(data?.passwords, fulfilledTimeStamp);
  }
  for (const query of vaultApi.util.selectCachedArgsForQuery(state, 'getPasswords')) {
    const { data, fulfilledTimeStamp } = vaultApi.endpoints.getPasswords.select(query)(state);
    consider(data, fulfilledTimeStamp);
  }
  return found;
}
