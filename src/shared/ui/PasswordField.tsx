import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { TextInput, type TextInputProps } from './TextInput';

export interface PasswordFieldProps extends Omit<TextInputProps, 'type' | 'endAdornment'> {
  /** What the eye button names: 'Show {toggleName}'. By default the label, in lower case. */
  toggleName?: string;
}

/** A password input with a show/hide toggle that says what it does to screen readers. */
export function PasswordField({ label, inputProps, toggleName, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const name = toggleName ?? (typeof label === 'string' ? label.toLowerCase() : 'password');
  return (
    <TextInput
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      inputProps={{ autoCapitalize: 'off', spellCheck: false, ...inputProps }}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? `Hide ${name}` : `Show ${name}`}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
