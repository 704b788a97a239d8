import { useId, useRef, type ChangeEvent } from 'react';
import { useFormikContext } from 'formik';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import { ACCEPTED_UPLOAD_TYPES } from '../../common/constants';
import { visuallyHiddenSx } from '../../shared/ui/visuallyHidden';
import { FileRejected, READ_FAILED, formatFromFileName, readImportFile } from './fileUpload';
import { fileLoadedMessage, type TransferValues } from './transferForm';

/** SPEC sections 4 and 5: a .json or .csv file; its name sets the format; an empty file is refused. */
export function FileUpload({ disabled, onLoaded }: { disabled: boolean; onLoaded: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { values, setValues } = useFormikContext<TransferValues>();
  const { enqueueSnackbar } = useSnackbar();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after it was removed or refused.
    event.target.value = '';
    if (!file) return;
    try {
      const text = await readImportFile(file);
      const format = formatFromFileName(file.name);
      await setValues(
        (current) => ({
          ...current,
          file: { name: file.name, text },
          importFormat: format ?? current.importFormat,
        }),
        false,
      );
      onLoaded();
      enqueueSnackbar(fileLoadedMessage(file.name), { variant: 'success' });
    } catch (error) {
      const message = error instanceof FileRejected ? error.message : READ_FAILED;
      enqueueSnackbar(message, { variant: 'error' });
    }
  };

  const remove = () => {
    void setValues((current) => ({ ...current, file: null }), false);
    button.current?.focus();
  };

  return (
    <Box>
      {/* A real button opens the (hidden) file input: a <label> styled as a button is not keyboard-operable. */}
      <Box
        component="input"
        ref={input}
        type="file"
        accept={ACCEPTED_UPLOAD_TYPES}
        aria-label="Choose file"
        aria-hidden
        tabIndex={-1}
        onChange={(event: ChangeEvent<HTMLInputElement>) => void choose(event)}
        disabled={disabled}
        sx={visuallyHiddenSx}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button
          ref={button}
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onClick={() => input.current?.click()}
        >
          Choose file
        </Button>
        {values.file && (
          <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0, maxWidth: '100%' }}>
            <Chip
              icon={<InsertDriveFileOutlined />}
              label={values.file.name}
              variant="outlined"
              sx={{ minWidth: 0 }}
            />
            <IconButton
              aria-label={`Remove file ${values.file.name}`}
              onClick={remove}
              disabled={disabled}
              size="small"
            >
              <Close fontSize="small" />
            </IconButton>
          </Box>
        )}
      </Box>
      <Typography
        id={`${id}-hint`}
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mt: 0.5 }}
      >
        A .json or .csv file: this app&apos;s own, or an export of Bitwarden, Chrome, Edge, Firefox, LastPass,
        KeePassXC, 1Password or Dashlane.
      </Typography>
    </Box>
  );
}
