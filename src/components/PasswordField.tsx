import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide toggle that says what it does to screen readers. */
export function PasswordField({ label, slotProps, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const name = typeof label === 'string' ? label.toLowerCase() : 'password';
  return (
    <TextField
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        htmlInput: { autoCapitalize: 'off', spellCheck: false, ...(slotProps?.htmlInput as object) },
        input: {
          endAdornment: (
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
          ),
        },
      }}
    />
  );
}
