import { useId } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFormikContext } from 'formik';
import { EXPORT_FORMATS } from '../../common/constants';
import type { TransferValues } from './transferForm';

const LABELS = { json: 'JSON', csv: 'CSV' } as const;

/** The format select of either tab (SPEC section 2: JSON or CSV). */
export function FormatSelect({
  name,
  disabled,
}: {
  name: 'exportFormat' | 'importFormat';
  disabled?: boolean;
}) {
  const id = useId();
  const { values, handleChange } = useFormikContext<TransferValues>();
  return (
    <TextField
      select
      id={`${id}-${name}`}
      name={name}
      label="Format"
      value={values[name]}
      onChange={handleChange}
      disabled={disabled}
      fullWidth
    >
      {EXPORT_FORMATS.map((format) => (
        <MenuItem key={format} value={format}>
          {LABELS[format]}
        </MenuItem>
      ))}
    </TextField>
  );
}
