// One click of Generate (the form's button, a flagged card's "Generate new password"): a password by the
// user's remembered generator options. A passphrase needs the word list, loaded only then.
import { useCallback } from 'react';
import { generateCharacters } from '../../../common/passwordCharacters';
import { cryptoRandom } from '../../../common/randomIndex';
import { useGeneratorOptions } from '../../settings';

export function useGeneratePassword(): () => Promise<string> {
  const { options } = useGeneratorOptions();
  return useCallback(async () => {
    if (options.mode === 'password') return generateCharacters(options, cryptoRandom);
    const { generate } = await import('../../../common/generator');
    return generate(options);
  }, [options]);
}
