// What the dialog's Export and Import buttons do (SPEC sections 5, 7 and 8). The master password and
// the data go from Formik straight into the request: `track: false` keeps both, and the answer, out
// of the store; the master password is cleared after every attempt.
import { useCallback } from 'react';
import type { FormikHelpers } from 'formik';
import { useSnackbar } from 'notistack';
import { useAppDispatch } from '../../app/hooks';
import { messageOf } from '../../shared/api/errorText';
import type { ImportResult } from '../../common/wire';
import { defaultExportFilename, downloadFile, exportFileContent } from './downloadFile';
import { isTooLargeToImport, TOO_LARGE } from './fileUpload';
import { transferApi } from './transferApi';
import {
  DUPLICATE_MODES,
  EXPORT_FAILED,
  EXPORT_NO_DATA,
  EXPORT_SUCCESS,
  IMPORT_DATA_REQUIRED,
  IMPORT_FAILED,
  IMPORT_SUCCESS,
  importData,
  type TransferValues,
} from './transferForm';
import { useMasterPasswordOutcome } from '../masterPassword';

type Helpers = Pick<FormikHelpers<TransferValues>, 'setFieldValue' | 'setFieldTouched' | 'setValues'>;

export interface TransferCallbacks {
  /** A failure to show under the master password field (null clears it). */
  setPasswordError: (message: string | null) => void;
  setDataError: (message: string | null) => void;
  onImported: (result: ImportResult) => void;
  /** The attempts are exhausted: the dialog closes while the sign-out is scheduled. */
  onLockedOut: () => void;
}

export function useTransferActions(callbacks: TransferCallbacks) {
  const { setPasswordError, setDataError, onImported, onLockedOut } = callbacks;
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const { accepted, failed } = useMasterPasswordOutcome();

  const fail = useCallback(
    (error: unknown, fallback: string) => {
      const failure = failed(error);
      if (failure.kind === 'lockedOut') {
        onLockedOut();
        return;
      }
      if (failure.kind === 'wrong') {
        setPasswordError(failure.message);
        return;
      }
      // A paused account shows the unlock step; any other failure (413, an unrecognised file, a
      // session the server ended...) is the server's text.
      setPasswordError(null);
      if (failure.kind === 'other') enqueueSnackbar(messageOf(error, fallback), { variant: 'error' });
    },
    [enqueueSnackbar, failed, onLockedOut, setPasswordError],
  );

  const forgetMasterPassword = useCallback(async (helpers: Helpers) => {
    await helpers.setFieldValue('masterPassword', '', false);
    await helpers.setFieldTouched('masterPassword', false, false);
  }, []);

  const runExport = useCallback(
    async (values: TransferValues, helpers: Helpers) => {
      const format = values.exportFormat;
      try {
        const answer = await dispatch(
          transferApi.endpoints.exportPasswords.initiate(
            { masterPassword: values.masterPassword, format },
            { track: false },
          ),
        ).unwrap();
        accepted();
        setPasswordError(null);
        const content = exportFileContent(answer.data);
        if (content === null) {
          enqueueSnackbar(EXPORT_NO_DATA, { variant: 'error' });
          return;
        }
        downloadFile(content, answer.filename ?? defaultExportFilename(format), format);
        enqueueSnackbar(EXPORT_SUCCESS, { variant: 'success' });
      } catch (error) {
        fail(error, EXPORT_FAILED);
      } finally {
        await forgetMasterPassword(helpers);
      }
    },
    [accepted, dispatch, enqueueSnackbar, fail, forgetMasterPassword, setPasswordError],
  );

  const runImport = useCallback(
    async (values: TransferValues, helpers: Helpers) => {
      const data = importData(values);
      if (!data.trim()) {
        setDataError(IMPORT_DATA_REQUIRED);
        enqueueSnackbar(IMPORT_DATA_REQUIRED, { variant: 'error' });
        return;
      }
      if (isTooLargeToImport(data)) {
        setDataError(TOO_LARGE);
        enqueueSnackbar(TOO_LARGE, { variant: 'error' });
        return;
      }
      try {
        const result = await dispatch(
          transferApi.endpoints.importPasswords.initiate(
            {
              masterPassword: values.masterPassword,
              data,
              format: values.importFormat,
              options: DUPLICATE_MODES[values.duplicates].options,
            },
            { track: false },
          ),
        ).unwrap();
        accepted();
        setPasswordError(null);
        enqueueSnackbar(IMPORT_SUCCESS, { variant: 'success' });
        // The data is in the vault now: the dialog forgets it and shows what happened.
        await helpers.setValues({ ...values, masterPassword: '', pasted: '', file: null }, false);
        await helpers.setFieldTouched('masterPassword', false, false);
        onImported(result);
      } catch (error) {
        fail(error, IMPORT_FAILED);
        await forgetMasterPassword(helpers);
      }
    },
    [
      accepted,
      dispatch,
      enqueueSnackbar,
      fail,
      forgetMasterPassword,
      onImported,
      setDataError,
      setPasswordError,
    ],
  );

  return { runExport, runImport };
}
