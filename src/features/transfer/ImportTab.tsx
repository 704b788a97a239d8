import { useFormikContext } from 'formik';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DuplicateModeField } from './DuplicateModeField';
import { FileUpload } from './FileUpload';
import { FormatSelect } from './FormatSelect';
import type { TransferValues } from './transferForm';

export interface ImportTabProps {
  disabled: boolean;
  /** 'Please upload a file or paste import data in the textarea', until the data changes. */
  dataError: string | null;
  onDataChange: () => void;
}

/** SPEC section 2: format, a .json/.csv file or pasted text (8 rows), and duplicate handling. */
export function ImportTab({ disabled, dataError, onDataChange }: ImportTabProps) {
  const { values, handleChange, handleBlur } = useFormikContext<TransferValues>();
  const file = values.file;
  return (
    <Stack spacing={2}>
      <FormatSelect name="importFormat" disabled={disabled} />
      <FileUpload disabled={disabled} onLoaded={onDataChange} />
      <TextField
        name="pasted"
        label="Or paste import data"
        placeholder={file ? `Importing the file ${file.name}` : 'Paste the JSON or CSV text here'}
        value={file ? '' : values.pasted}
        onChange={(event) => {
          handleChange(event);
          onDataChange();
        }}
        onBlur={handleBlur}
        disabled={disabled || Boolean(file)}
        error={Boolean(dataError)}
        helperText={dataError ?? (file ? 'Remove the file to paste text instead.' : ' ')}
        multiline
        rows={8}
        fullWidth
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' },
          inputLabel: { shrink: true },
        }}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: '0.8125rem' } }}
      />
      <DuplicateModeField disabled={disabled} />
    </Stack>
  );
}
