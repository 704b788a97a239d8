import { OTP_LENGTH } from '../../common/constants';
import { TextInput, type TextInputProps } from './TextInput';

export type OtpFieldProps = Omit<TextInputProps, 'onChange' | 'value' | 'type' | 'inputProps'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** The one-time code: digits only, at most six, with the phone's number pad and code autofill. */
export function OtpField({ value, onValueChange, sx, ...props }: OtpFieldProps) {
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
      fullWidth
      autoComplete="one-time-code"
      inputProps={{ inputMode: 'numeric', maxLength: OTP_LENGTH, pattern: '[0-9]*', spellCheck: false }}
      sx={[
        {
          '& input': {
            textAlign: 'center',
            fontSize: '1.5rem',
            letterSpacing: '0.5em',
            fontVariantNumeric: 'tabular-nums',
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
