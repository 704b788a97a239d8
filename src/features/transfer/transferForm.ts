// The dialog's Formik values, the Yup schema and SPEC section 5's and 8's texts for export and import.
import * as yup from 'yup';
import type { TransferFormat } from '../../common/constants';
import type { ImportOptions } from '../../common/wire';

export type TransferTab = 'export' | 'import';
export type DuplicateMode = 'skip' | 'update' | 'all';

export interface LoadedFile {
  name: string;
  text: string;
}

/** Component state only (Formik), never Redux: the master password and the import data are secrets. */
export interface TransferValues {
  masterPassword: string;
  exportFormat: TransferFormat;
  importFormat: TransferFormat;
  /** What was pasted into the textarea. */
  pasted: string;
  /** An uploaded file replaces the pasted text. */
  file: LoadedFile | null;
  duplicates: DuplicateMode;
}

export const initialTransferValues: TransferValues = {
  masterPassword: '',
  exportFormat: 'json',
  importFormat: 'json',
  pasted: '',
  file: null,
  duplicates: 'skip',
};

export const MASTER_PASSWORD_REQUIRED = 'Master password is required';
export const IMPORT_DATA_REQUIRED = 'Please upload a file or paste import data in the textarea';
export const EXPORT_SUCCESS = 'Passwords exported successfully';
export const EXPORT_FAILED = 'Export failed';
export const EXPORT_NO_DATA = 'Export failed: No data received from server';
export const IMPORT_SUCCESS = 'Import completed successfully';
export const IMPORT_FAILED = 'Import failed';
export const fileLoadedMessage = (filename: string) => `File loaded: ${filename}`;

export const transferSchema = yup.object({
  masterPassword: yup.string().required(MASTER_PASSWORD_REQUIRED),
});

/** SPEC section 4: skip duplicates (default), update existing, import all. */
export const DUPLICATE_MODES: Record<DuplicateMode, { label: string; hint: string; options: ImportOptions }> =
  {
    skip: {
      label: 'Skip duplicates',
      hint: 'An entry with the same title, website and username that is already in the vault is left as it is.',
      options: { skipDuplicates: true, updateExisting: false },
    },
    update: {
      label: 'Update existing',
      hint: 'An entry with the same title, website and username is overwritten with the imported values.',
      options: { skipDuplicates: false, updateExisting: true },
    },
    all: {
      label: 'Import all',
      hint: 'Every row is added as a new entry, even when it repeats one.',
      options: { skipDuplicates: false, updateExisting: false },
    },
  };

/** The text the import sends: the uploaded file, else what was pasted. */
export const importData = (values: TransferValues): string => values.file?.text ?? values.pasted;
