import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

type InputElement = HTMLInputElement | HTMLTextAreaElement;

export interface TextInputProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  value?: string;
  onChange?: ChangeEventHandler<InputElement>;
  onBlur?: FocusEventHandler<InputElement>;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  placeholder?: string;
  size?: 'small' | 'medium';
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (inputMode, maxLength, pattern...). */
  inputProps?: OutlinedInputProps['inputProps'];
  inputRef?: Ref<HTMLInputElement>;
  sx?: SxProps<Theme>;
}

/**
 * An outlined text field, labelled and described like MUI's TextField, without the select machinery
 * TextField always bundles (Select, Menu, Popover): it keeps the sign-in screens' download small.
 */
export function TextInput({
  id,
  label,
  helperText,
  error,
  required,
  disabled,
  fullWidth,
  size,
  sx,
  ...input
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
      sx={sx}
    >
      {label && <InputLabel htmlFor={inputId}>{label}</InputLabel>}
      <OutlinedInput {...input} id={inputId} label={label} aria-describedby={helperId} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
