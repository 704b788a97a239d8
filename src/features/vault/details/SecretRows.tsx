import { useState } from 'react';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { MASKED_PASSWORD, MASKED_TOTP } from '../../../common/constants';
import type { PasswordEntry } from '../../../common/wire';
import { ActionButton, CopyButton } from '../CardButtons';
import type { RevealedSecrets } from '../revealedSecrets';
import { Countdown } from '../TotpCountdown';
import { groupDigits, useTotpCode } from '../useTotpCode';
import type { CardActions } from '../useVaultActions';
import { DetailRow } from './DetailRow';

const TOTP_LABEL = 'One-time code';

/**
 * The password: bullets until the entry is revealed; then shown, with a mask of its own (the decrypted
 * value stays, for Copy, until the entry is hidden) and Copy.
 */
export function PasswordRow({
  entry,
  secrets,
  actions,
}: {
  entry: PasswordEntry;
  secrets: RevealedSecrets | undefined;
  actions: CardActions;
}) {
  const [masked, setMasked] = useState(false);
  if (!secrets) return <DetailRow label="Password">{MASKED_PASSWORD}</DetailRow>;
  return (
    <DetailRow
      label="Password"
      monospace
      actions={
        <>
          <ActionButton
            label={masked ? 'Show password' : 'Hide password'}
            onClick={() => setMasked((now) => !now)}
          >
            {masked ? <VisibilityIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />}
          </ActionButton>
          <CopyButton label="Copy password" onClick={() => actions.copyPassword(entry)} />
        </>
      }
    >
      {masked ? MASKED_PASSWORD : secrets.password}
    </DetailRow>
  );
}

/** The one-time code: bullets until the entry is revealed, then the live code with the card's countdown. */
export function TotpDetailRow({ totp, onCopy }: { totp: string | undefined; onCopy: () => void }) {
  if (totp === undefined) return <MaskedTotp />;
  return <LiveTotp totp={totp} onCopy={onCopy} />;
}

const MaskedTotp = () => <DetailRow label={TOTP_LABEL}>{MASKED_TOTP}</DetailRow>;

function LiveTotp({ totp, onCopy }: { totp: string; onCopy: () => void }) {
  // Computed in this component's state only, every second, while the row is on screen.
  const current = useTotpCode(totp);
  // Still masked for the moment the code maker takes to load.
  if (current === undefined) return <MaskedTotp />;
  if (!current) return <DetailRow label={TOTP_LABEL}>unavailable</DetailRow>;
  return (
    <DetailRow
      label={TOTP_LABEL}
      monospace
      strong
      actions={
        <>
          <Countdown remaining={current.remaining} period={current.period} />
          <CopyButton label="Copy one-time code" onClick={onCopy} />
        </>
      }
    >
      {groupDigits(current.code)}
    </DetailRow>
  );
}

/**
 * The notes, line breaks kept, once revealed; bullets before, but only when there are notes to reveal
 * (the list says whether there are): a dash when there are none, revealed or not.
 */
export function NotesRow({ secrets, hasNotes }: { secrets: RevealedSecrets | undefined; hasNotes: boolean }) {
  if (!secrets) return <DetailRow label="Notes">{hasNotes ? MASKED_PASSWORD : null}</DetailRow>;
  return (
    <DetailRow label="Notes" preWrap>
      {secrets.notes}
    </DetailRow>
  );
}
