// Issue 14: the password generator panel. Random passwords or EFF passphrases, previewed live; "Use
// password" hands the preview over. The options are remembered in the user's settings; the generated
// password lives only in this component's state, never in the store or the API cache.
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import { entropyBits, generate } from '../../../common/generator';
import type { GeneratorMode, GeneratorOptions } from '../../../common/generatorOptions';
import { PassphraseOptionsFields } from './PassphraseOptionsFields';
import { PasswordOptionsFields } from './PasswordOptionsFields';
import { useGeneratorDraft } from './useGeneratorDraft';

export interface PasswordGeneratorProps {
  /** The person chose the shown password (or passphrase): put it in the password field. */
  onUse: (password: string) => void;
  /** Shows a close button; called when it is pressed. */
  onClose?: () => void;
}

interface Preview {
  options: GeneratorOptions;
  /** Empty while the options break a rule. */
  value: string;
}

const previewOf = (options: GeneratorOptions, error: string | undefined): Preview => ({
  options,
  value: error ? '' : generate(options),
});

export function PasswordGenerator({ onUse, onClose }: PasswordGeneratorProps) {
  const id = useId();
  const { options, error, setOptions, switchMode, flush } = useGeneratorDraft();
  const [preview, setPreview] = useState(() => previewOf(options, error));
  if (preview.options !== options) {
    // New options (changed here, or the remembered ones arrived): a new password to match.
    setPreview(previewOf(options, error));
  }
  const bits = error ? undefined : Math.floor(entropyBits(options));

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`${id}-title`}
      sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`${id}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Password generator
        </Typography>
        {onClose && (
          <IconButton aria-label="Close generator" size="small" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Box>

      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        aria-label="Generator type"
        value={options.mode}
        onChange={(_event, mode: GeneratorMode | null) => mode && switchMode(mode)}
      >
        <ToggleButton value="password">Password</ToggleButton>
        <ToggleButton value="passphrase">Passphrase</ToggleButton>
      </ToggleButtonGroup>

      <Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={options.mode === 'password' ? 'Generated password' : 'Generated passphrase'}
            value={preview.value}
            multiline
            maxRows={4}
            fullWidth
            autoComplete="off"
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, 'aria-describedby': `${id}-strength` },
            }}
            sx={{ '& textarea': { fontFamily: 'monospace', overflowWrap: 'anywhere' } }}
          />
          <Tooltip title="Generate another">
            <span>
              <IconButton
                aria-label="Generate another"
                disabled={Boolean(error)}
                onClick={() => setPreview(previewOf(options, error))}
                sx={{ mt: 1 }}
              >
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <Typography
          id={`${id}-strength`}
          variant="caption"
          role={error ? 'alert' : undefined}
          sx={{ display: 'block', mt: 0.5, color: error ? 'error.main' : 'text.secondary' }}
        >
          {error ?? `About ${bits} bits of entropy`}
        </Typography>
      </Box>

      <Stack spacing={1.5}>
        {options.mode === 'password' ? (
          <PasswordOptionsFields options={options} onChange={setOptions} />
        ) : (
          <PassphraseOptionsFields options={options} onChange={setOptions} />
        )}
      </Stack>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          disabled={Boolean(error) || !preview.value}
          onClick={() => {
            flush();
            onUse(preview.value);
          }}
        >
          Use password
        </Button>
      </Box>
    </Paper>
  );
}

export default PasswordGenerator;
