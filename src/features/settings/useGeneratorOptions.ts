// Issue 14: the password generator's remembered choice, part of the user's settings on the server. Only
// the options travel and are cached; a generated password never enters the store.
import { useCallback, useMemo } from 'react';
import { generatorOptionsOrDefault, type GeneratorOptions } from '../../common/generatorOptions';
import { useGetPreferencesQuery, useUpdateSettingsMutation } from './settingsApi';

export interface RememberedGeneratorOptions {
  /** The saved options; the defaults while loading, when loading failed (silently) or none were saved. */
  options: GeneratorOptions;
  /** True once the server answered with the user's settings. */
  loaded: boolean;
  /** Saves the options (the cache shows them at once and goes back if the save fails); rejects on failure. */
  save: (options: GeneratorOptions) => Promise<void>;
}

export function useGeneratorOptions(): RememberedGeneratorOptions {
  const { data } = useGetPreferencesQuery();
  const saved = data?.generator;
  // The same object while the cached options stay the same.
  const options = useMemo(() => generatorOptionsOrDefault(saved), [saved]);
  const [updateSettings] = useUpdateSettingsMutation();
  const save = useCallback(
    async (generator: GeneratorOptions) => {
      await updateSettings({ generator }).unwrap();
    },
    [updateSettings],
  );
  return { options, loaded: data !== undefined, save };
}
