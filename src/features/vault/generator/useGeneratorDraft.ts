// The options the generator panel shows: the remembered ones until the person changes something, then
// their own draft, saved to the settings a moment after the last change (and at once on Use).
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_GENERATOR_OPTIONS,
  DEFAULT_PASSPHRASE_OPTIONS,
  generatorOptionsError,
  sameGeneratorOptions,
  type GeneratorMode,
  type GeneratorOptions,
} from '../../../common/generatorOptions';
import { useGeneratorOptions } from '../../settings';

/** How long after the last change the options are saved. */
export const SAVE_DELAY_MS = 800;

const DEFAULTS: Record<GeneratorMode, GeneratorOptions> = {
  password: DEFAULT_GENERATOR_OPTIONS,
  passphrase: DEFAULT_PASSPHRASE_OPTIONS,
};

export function useGeneratorDraft() {
  const remembered = useGeneratorOptions();
  const [draft, setDraft] = useState<GeneratorOptions | null>(null);
  // The other mode's options as last seen in this panel, so that switching back finds them.
  const [byMode, setByMode] = useState<Partial<Record<GeneratorMode, GeneratorOptions>>>({});
  const options = draft ?? remembered.options;
  const error = generatorOptionsError(options);

  // The draft last sent: a failed save is not tried again until the next change.
  const [sent, setSent] = useState<GeneratorOptions | null>(null);
  // What still has to be saved: valid options that differ from the remembered ones.
  const pending =
    draft && draft !== sent && !error && !sameGeneratorOptions(draft, remembered.options) ? draft : null;
  const pendingRef = useRef(pending);
  const saveRef = useRef(remembered.save);
  useEffect(() => {
    pendingRef.current = pending;
    saveRef.current = remembered.save;
  });

  // Remembering is a convenience: a failed save is not worth a message (the cache goes back by itself).
  const flush = useCallback(() => {
    const options = pendingRef.current;
    pendingRef.current = null;
    if (!options) return;
    setSent(options);
    saveRef.current(options).catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!pending) return undefined;
    const timer = setTimeout(flush, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending, flush]);

  // Closing the panel before the delay still saves the last change.
  useEffect(() => flush, [flush]);

  const switchMode = (mode: GeneratorMode) => {
    if (mode === options.mode) return;
    setByMode((seen) => ({ ...seen, [options.mode]: options }));
    setDraft(byMode[mode] ?? (remembered.options.mode === mode ? remembered.options : DEFAULTS[mode]));
  };

  return { options, error, setOptions: setDraft, switchMode, flush };
}
