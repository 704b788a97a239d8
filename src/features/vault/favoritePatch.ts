import type { PasswordEntry } from '../../common/wire';

/**
 * The optimistic side of a favourite toggle on one cached list (an Immer draft): flips the entry's flag,
 * or takes the entry out of a favourites-only list it no longer belongs to. Counts are left alone: the
 * refetch that follows a successful toggle brings the server's. Answers whether the list held the entry.
 */
export function flipFavorite(list: PasswordEntry[], id: string, favoritesOnly: boolean | undefined): boolean {
  const index = list.findIndex((entry) => entry._id === id);
  if (index < 0) return false;
  const isFavorite = !list[index].isFavorite;
  if (favoritesOnly && !isFavorite) list.splice(index, 1);
  else list[index].isFavorite = isFavorite;
  return true;
}
