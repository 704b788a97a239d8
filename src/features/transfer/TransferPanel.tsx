import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, Formik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Close from '@mui/icons-material/Close';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { IMPORT_RELOAD_DELAY_MS, MAX_MASTER_PASSWORD_ATTEMPTS } from '../../common/constants';
import type { ImportResult } from '../../common/wire';
import {
  attemptsWarning,
  UnlockPausedPanel,
  useMasterPasswordOutcome,
  useMasterPasswordStatus,
} from '../masterPassword';
import { FormChanges } from '../../shared/ui/FormDialog';
import { ExportTab } from './ExportTab';
import { ImportProgress } from './ImportProgress';
import { ImportResults } from './ImportResults';
import { ImportTab } from './ImportTab';
import { MasterPasswordInput } from './MasterPasswordInput';
import { importData, initialTransferValues, transferSchema, type TransferTab } from './transferForm';
import { useTransferActions } from './useTransferActions';

export interface TransferPanelProps {
  initialTab: TransferTab;
  titleId: string;
  onClose: () => void;
}

/** The dialog's content. It lives for one opening: closing unmounts it, and every value with it. */
export function TransferPanel({ initialTab, titleId, onClose }: TransferPanelProps) {
  const id = useId();
  const [tab, setTab] = useState<TransferTab>(initialTab);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [dataError, setDataError] = useState<string | null>(null);
  const { lockedOut } = useMasterPasswordOutcome();
  const { attemptsRemaining, pausedUntil } = useMasterPasswordStatus();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const alive = useRef(false);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(closeTimer.current);
    };
  }, []);

  // SPEC section 4: the results show, then after 2 s the dialog closes; the lists have been
  // refreshed by the import's tag invalidation. Rows that failed keep the results open until the user
  // closes them: the errors need reading.
  const onImported = useCallback(
    (imported: ImportResult) => {
      if (!alive.current) return;
      setResult(imported);
      if (imported.errors.length === 0) closeTimer.current = setTimeout(onClose, IMPORT_RELOAD_DELAY_MS);
    },
    [onClose],
  );

  const { runExport, runImport } = useTransferActions({
    setPasswordError,
    setDataError,
    onImported,
    onLockedOut: onClose,
  });

  return (
    <Formik
      initialValues={initialTransferValues}
      validationSchema={transferSchema}
      onSubmit={(values, helpers) => {
        if (tab === 'import') setResult(null);
        return tab === 'export' ? runExport(values, helpers) : runImport(values, helpers);
      }}
    >
      {({ values, isSubmitting }) => {
        const ready = Boolean(values.masterPassword) && !lockedOut && !pausedUntil && !isSubmitting;
        const canSubmit = tab === 'export' ? ready : ready && Boolean(importData(values));
        return (
          <Form noValidate style={{ display: 'contents' }}>
            {/* What would be lost: a typed master password, pasted data or a loaded file (not a choice). */}
            <FormChanges dirty={Boolean(values.masterPassword || values.pasted || values.file)} />
            <DialogTitle id={titleId} sx={{ pr: 7 }}>
              Export and Import Passwords
            </DialogTitle>
            <IconButton
              aria-label="Close"
              onClick={onClose}
              sx={{ position: 'absolute', right: 12, top: 12 }}
            >
              <Close />
            </IconButton>
            <Tabs
              value={tab}
              onChange={(_event, next: TransferTab) => setTab(next)}
              aria-label="Export or import"
              variant="fullWidth"
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              {(['export', 'import'] as const).map((name) => (
                <Tab
                  key={name}
                  value={name}
                  label={name === 'export' ? 'Export' : 'Import'}
                  id={`${id}-tab-${name}`}
                  aria-controls={tab === name ? `${id}-panel` : undefined}
                  disabled={isSubmitting && tab !== name}
                />
              ))}
            </Tabs>
            <DialogContent>
              <Stack spacing={2.5} role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
                {tab === 'export' ? (
                  <ExportTab disabled={isSubmitting} />
                ) : (
                  <ImportTab
                    disabled={isSubmitting}
                    dataError={dataError}
                    onDataChange={() => setDataError(null)}
                  />
                )}
                {pausedUntil ? (
                  <UnlockPausedPanel pausedUntil={pausedUntil} />
                ) : (
                  <>
                    {attemptsRemaining > 0 && attemptsRemaining < MAX_MASTER_PASSWORD_ATTEMPTS && (
                      <Alert severity="warning">{attemptsWarning(attemptsRemaining)}</Alert>
                    )}
                    <MasterPasswordInput
                      purpose={tab}
                      disabled={isSubmitting}
                      error={passwordError}
                      onEdit={() => setPasswordError(null)}
                    />
                  </>
                )}
                {tab === 'import' && result && <ImportResults result={result} />}
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>
              {/* Beside the button, so it is in view however far the content is scrolled. */}
              <Box sx={{ flexGrow: 1, mr: 2 }}>{tab === 'import' && isSubmitting && <ImportProgress />}</Box>
              <Button
                type="submit"
                variant="contained"
                disabled={!canSubmit && !isSubmitting}
                loading={isSubmitting}
                startIcon={tab === 'export' ? <FileDownloadOutlined /> : <FileUploadOutlined />}
              >
                {tab === 'export' ? 'Export' : 'Import'}
              </Button>
            </DialogActions>
          </Form>
        );
      }}
    </Formik>
  );
}
