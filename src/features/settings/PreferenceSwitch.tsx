import { useId } from 'react';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

export interface PreferenceSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A labelled, described on/off preference: the whole row reads as one switch to screen readers. */
export function PreferenceSwitch({ label, description, checked, disabled, onChange }: PreferenceSwitchProps) {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 1 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography id={`${id}-label`} component="label" htmlFor={`${id}-input`} sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        <Typography id={`${id}-description`} variant="body2" sx={{ color: 'text.secondary' }}>
          {description}
        </Typography>
      </Box>
      <Switch
        checked={checked}
        disabled={disabled}
        onChange={(_event, next) => onChange(next)}
        slotProps={{ input: { id: `${id}-input`, 'aria-describedby': `${id}-description` } }}
      />
    </Box>
  );
}
