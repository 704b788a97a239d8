import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ConfirmDialog } from './ConfirmDialog';

export const DISCARD_TITLE = 'Discard changes?';
export const DISCARD_MESSAGE = 'What you entered in this form will be lost.';

/** How a form inside tells its FormDialog whether it holds changes. */
const ChangesContext = createContext<((changed: boolean) => void) | null>(null);

export interface FormDialogProps {
  open: boolean;
  /** Closes at once: the form's own Cancel or close button, a save, or a confirmed discard. */
  onClose: () => void;
  /** The id of the dialog's title element. */
  titleId: string;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm';
  /** Escape and a click outside do nothing: a step that only its own button may close (codes shown once). */
  locked?: boolean;
  /** Called once the dialog has finished closing. */
  onExited?: () => void;
}

/**
 * A dialog that holds a form people type into; it fills a phone's screen. Escape or a click beside it
 * closes an unchanged form at once, and asks first ("Discard changes?", Keep editing or Discard) when the
 * form holds changes, which the form reports by rendering `<FormChanges dirty={...} />` inside.
 */
export function FormDialog({
  open,
  onClose,
  titleId,
  children,
  maxWidth = 'sm',
  locked = false,
  onExited,
}: FormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const changed = useRef(false);
  const [asking, setAsking] = useState(false);
  const report = useCallback((next: boolean) => {
    changed.current = next;
  }, []);

  const dismiss = () => {
    if (locked) return;
    if (changed.current) setAsking(true);
    else onClose();
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={dismiss}
        aria-labelledby={titleId}
        maxWidth={maxWidth}
        fullWidth
        fullScreen={fullScreen}
        slotProps={onExited ? { transition: { onExited } } : undefined}
      >
        <ChangesContext.Provider value={report}>{children}</ChangesContext.Provider>
      </Dialog>
      <ConfirmDialog
        open={open && asking}
        title={DISCARD_TITLE}
        message={DISCARD_MESSAGE}
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/**
 * Render inside a FormDialog's form: whether the form differs from what it opened with (Formik's
 * `dirty`). Outside a FormDialog it does nothing.
 */
export function FormChanges({ dirty }: { dirty: boolean }) {
  const report = useContext(ChangesContext);
  useEffect(() => {
    report?.(dirty);
  }, [report, dirty]);
  // A form that goes away (the dialog's next opening gets a new one) leaves nothing to discard.
  useEffect(() => () => report?.(false), [report]);
  return null;
}
