import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

export interface OptionSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** One on/off choice of the generator, named by its label. */
export function OptionSwitch({ label, checked, onChange }: OptionSwitchProps) {
  return (
    <FormControlLabel
      control={<Switch size="small" checked={checked} onChange={(_event, next) => onChange(next)} />}
      label={label}
      slotProps={{ typography: { variant: 'body2' } }}
      sx={{ mr: 0, ml: 0, gap: 1 }}
    />
  );
}
