import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import {
  GENERATOR_LIMITS,
  GENERATOR_MESSAGES,
  generatorOptionsError,
  type PassphraseGeneratorOptions,
} from '../../../common/generatorOptions';
import { NumberSlider } from './NumberSlider';
import { OptionSwitch } from './OptionSwitch';

export interface PassphraseOptionsFieldsProps {
  options: PassphraseGeneratorOptions;
  onChange: (options: PassphraseGeneratorOptions) => void;
}

const SEPARATOR_MESSAGES: readonly string[] = [
  GENERATOR_MESSAGES.separator,
  GENERATOR_MESSAGES.separatorControl,
];

/** Words of a passphrase, what goes between them, capitals and a number. */
export function PassphraseOptionsFields({ options, onChange }: PassphraseOptionsFieldsProps) {
  const problem = generatorOptionsError(options);
  const separatorError = problem && SEPARATOR_MESSAGES.includes(problem) ? problem : undefined;
  return (
    <>
      <NumberSlider
        label="Words"
        value={options.words}
        min={GENERATOR_LIMITS.minWords}
        max={GENERATOR_LIMITS.maxWords}
        onChange={(words) => onChange({ ...options, words })}
      />
      <TextField
        label="Separator"
        size="small"
        value={options.separator}
        onChange={(event) => onChange({ ...options, separator: event.target.value })}
        error={Boolean(separatorError)}
        helperText={
          separatorError ??
          `Between the words: up to ${GENERATOR_LIMITS.maxSeparatorLength} characters, or none`
        }
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false } }}
        sx={{ maxWidth: 240 }}
      />
      <Box
        role="group"
        aria-label="Word options"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
      >
        <OptionSwitch
          label="Capitalise words"
          checked={options.capitalise}
          onChange={(capitalise) => onChange({ ...options, capitalise })}
        />
        <OptionSwitch
          label="Add a number"
          checked={options.includeNumber}
          onChange={(includeNumber) => onChange({ ...options, includeNumber })}
        />
      </Box>
    </>
  );
}
