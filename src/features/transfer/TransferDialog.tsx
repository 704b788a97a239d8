import { useId, useState } from 'react';
import { FormDialog } from '../../shared/ui/FormDialog';
import type { TransferTab } from './transferForm';
import { TransferPanel } from './TransferPanel';

export interface TransferDialogProps {
  open: boolean;
  /** The tab shown at every opening (SPEC section 4). */
  initialTab: TransferTab;
  onClose: () => void;
}

/**
 * SPEC section 2's Export/Import dialog. Each opening gets a fresh panel (a new key), so reopening
 * starts on the requested tab with no master password, data or results left from before; closing
 * unmounts the panel and forgets them.
 */
export function TransferDialog({ open, initialTab, onClose }: TransferDialogProps) {
  const id = useId();
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((count) => count + 1);
  }
  return (
    <FormDialog open={open} onClose={onClose} titleId={`${id}-title`}>
      <TransferPanel key={opening} initialTab={initialTab} titleId={`${id}-title`} onClose={onClose} />
    </FormDialog>
  );
}
