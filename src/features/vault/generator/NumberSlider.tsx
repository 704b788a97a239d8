import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export interface NumberSliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}

/**
 * A whole number as a slider and a number box, both named by the one label. The box may hold what is
 * being typed (empty, or out of range until the rules say so); a whole number is passed on at once.
 */
export function NumberSlider({ label, value, min, max, onChange }: NumberSliderProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // Changed from outside (the slider, a mode switch): the box follows.
    setShown(value);
    setText(String(value));
  }

  return (
    <Box>
      <Typography
        id={`${id}-label`}
        component="label"
        htmlFor={`${id}-input`}
        variant="body2"
        sx={{ fontWeight: 500 }}
      >
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Slider
          value={Math.min(max, Math.max(min, value))}
          min={min}
          max={max}
          step={1}
          onChange={(_event, next) => onChange(next as number)}
          slotProps={{ input: { 'aria-labelledby': `${id}-label` } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <TextField
          id={`${id}-input`}
          type="number"
          size="small"
          value={text}
          onChange={(event) => {
            const raw = event.target.value;
            setText(raw);
            const next = Number(raw);
            if (raw.trim() !== '' && Number.isInteger(next)) {
              setShown(next);
              onChange(next);
            }
          }}
          onBlur={() => setText(String(value))}
          slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
          sx={{ width: 88, flexShrink: 0 }}
        />
      </Box>
    </Box>
  );
}
