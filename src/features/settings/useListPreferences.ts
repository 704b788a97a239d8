// Issue 15: how the Passwords page's list was left (cards or compact rows, the order, favourites
// first), part of the user's settings on the server, so it follows the user to every browser.
import { useCallback, useMemo } from 'react';
import {
  DEFAULT_LIST_PREFERENCES,
  isListView,
  listOrderOf,
  type ListPreferences,
} from '../../common/listOrder';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Preferences } from '../../common/wire';
import { keptListOrder } from '../../shared/api/listOrderStorage';
import { settingsApi, useGetPreferencesQuery, useUpdateSettingsMutation } from './settingsApi';

export interface RememberedListPreferences {
  preferences: ListPreferences;
  /** False until the server answered (or failed to: the defaults then, and the page goes on). */
  settled: boolean;
  /** Saves a change: the cache shows it at once and goes back if the save fails; rejects on failure. */
  save: (change: Partial<ListPreferences>) => Promise<void>;
}

/**
 * The list's preferences in settings as the server answered them (the defaults for what it did not say);
 * without an answer, the order this browser kept (shared/api/listOrderStorage.ts).
 */
function preferencesOf(settings: Partial<Preferences> | undefined): ListPreferences {
  if (!settings) return { ...DEFAULT_LIST_PREFERENCES, ...keptListOrder() };
  return {
    listView: isListView(settings.listView) ? settings.listView : DEFAULT_LIST_PREFERENCES.listView,
    ...listOrderOf(settings),
  };
}

/**
 * The preferences before any page asks for them (a reload's prefetch): fetched into the settings cache;
 * the order this browser kept when they cannot be fetched (the page asks again and says so its own way).
 */
export const loadListPreferences =
  () =>
  async (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): Promise<ListPreferences> => {
    const request = dispatch(settingsApi.endpoints.getPreferences.initiate(undefined, { subscribe: false }));
    try {
      return preferencesOf(await request.unwrap());
    } catch {
      return preferencesOf(undefined);
    }
  };

export function useListPreferences(): RememberedListPreferences {
  // `error` stays while a failed query is asked again (a new subscriber asks again): the page goes on
  // with the order this browser kept meanwhile instead of going back to its skeletons.
  const { data, error } = useGetPreferencesQuery();
  const { listView, listSort, favoritesFirst } = preferencesOf(data);
  // The same object while the three values stay the same (settings are fetched again after changes).
  const preferences = useMemo(
    () => ({ listView, listSort, favoritesFirst }),
    [listView, listSort, favoritesFirst],
  );
  const [updateSettings] = useUpdateSettingsMutation();
  const save = useCallback(
    async (change: Partial<ListPreferences>) => {
      await updateSettings(change).unwrap();
    },
    [updateSettings],
  );
  return { preferences, settled: data !== undefined || error !== undefined, save };
}
