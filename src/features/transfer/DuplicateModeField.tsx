import { useId } from 'react';
import { useFormikContext } from 'formik';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { DUPLICATE_MODES, type DuplicateMode, type TransferValues } from './transferForm';

const MODES = Object.keys(DUPLICATE_MODES) as DuplicateMode[];

/** SPEC section 4: what happens to an entry that is already in the vault. */
export function DuplicateModeField({ disabled }: { disabled: boolean }) {
  const id = useId();
  const { values, handleChange } = useFormikContext<TransferValues>();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id={`${id}-label`}>
        Duplicate handling
      </FormLabel>
      <RadioGroup
        name="duplicates"
        value={values.duplicates}
        onChange={handleChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        sx={{ flexDirection: { xs: 'column', sm: 'row' } }}
      >
        {MODES.map((mode) => (
          <FormControlLabel key={mode} value={mode} control={<Radio />} label={DUPLICATE_MODES[mode].label} />
        ))}
      </RadioGroup>
      <FormHelperText id={`${id}-hint`} sx={{ mx: 0 }}>
        {DUPLICATE_MODES[values.duplicates].hint}
      </FormHelperText>
    </FormControl>
  );
}
