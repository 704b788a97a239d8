import Box from '@mui/material/Box';
import { GENERATOR_LIMITS, type PasswordGeneratorOptions } from '../../../common/generatorOptions';
import { NumberSlider } from './NumberSlider';
import { OptionSwitch } from './OptionSwitch';

export interface PasswordOptionsFieldsProps {
  options: PasswordGeneratorOptions;
  onChange: (options: PasswordGeneratorOptions) => void;
}

const SWITCHES = [
  ['uppercase', 'Uppercase (A-Z)'],
  ['lowercase', 'Lowercase (a-z)'],
  ['digits', 'Digits (0-9)'],
  ['symbols', 'Symbols (!@#$%^&*)'],
  ['avoidLookAlike', 'Avoid look-alikes (I l 1 O 0 o)'],
] as const;

/** Length and character sets of a random password. */
export function PasswordOptionsFields({ options, onChange }: PasswordOptionsFieldsProps) {
  return (
    <>
      <NumberSlider
        label="Length"
        value={options.length}
        min={GENERATOR_LIMITS.minLength}
        max={GENERATOR_LIMITS.maxLength}
        onChange={(length) => onChange({ ...options, length })}
      />
      <Box
        role="group"
        aria-label="Character sets"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
      >
        {SWITCHES.map(([name, label]) => (
          <OptionSwitch
            key={name}
            label={label}
            checked={options[name]}
            onChange={(checked) => onChange({ ...options, [name]: checked })}
          />
        ))}
      </Box>
    </>
  );
}
