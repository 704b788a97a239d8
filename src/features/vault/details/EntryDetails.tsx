import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { PasswordEntry } from '../../../common/wire';
import { CopyButton } from '../CardButtons';
import { EntryHealth } from '../list/EntryHealth';
import { healthReasons } from '../passwordHealth';
import { readableDate } from '../readableDate';
import { useRevealedSecrets } from '../revealedSecrets';
import type { CardActions } from '../useVaultActions';
import { DetailFields } from './DetailFields';
import { DetailRow, DetailSection } from './DetailRow';
import { DetailsHeader } from './DetailsHeader';
import { EntryActivity } from './EntryActivity';
import { NotesRow, PasswordRow, TotpDetailRow } from './SecretRows';
import { WebsiteLink } from './WebsiteLink';

export interface EntryDetailsProps {
  entry: PasswordEntry;
  titleId: string;
  actions: CardActions;
  onClose: () => void;
}

/**
 * What the panel shows of an entry: what the list carries at once, and after the master password (the
 * page's one reveal, shared with the entry's card) its password, notes, one-time code and hidden fields.
 */
export function EntryDetails({ entry, titleId, actions, onClose }: EntryDetailsProps) {
  const secrets = useRevealedSecrets(entry._id);
  const revealed = secrets !== undefined;
  const hasTotp = revealed ? secrets.totp.trim() !== '' : entry.hasTotp;
  const login = entry.email || entry.username;
  const loginLabel = login.includes('@') ? 'Email' : 'Username';
  // The entry's own username, when it has one beside the e-mail (imports keep both).
  const username = entry.email && entry.username && entry.username !== entry.email ? entry.username : '';

  return (
    <>
      <DetailsHeader
        entry={entry}
        titleId={titleId}
        onClose={onClose}
        onToggleFavorite={() => actions.toggleFavorite(entry)}
        onEdit={() => actions.edit(entry)}
        onDelete={() => actions.remove(entry)}
      />
      {/* Only the body scrolls: the title, Close and the actions stay in sight. */}
      <Box sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto' }}>
        {healthReasons(entry.health).length > 0 && (
          // The card's reasons and its one click to a new password.
          <Box
            sx={{
              px: 2.5,
              pb: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
              '& > *': { mt: 0, borderTop: 0 },
            }}
          >
            <EntryHealth entry={entry} onRenew={actions.renewPassword} />
          </Box>
        )}
        <DetailSection
          footer={
            // One reveal for every secret of the entry, as the card's eye: the card shows it too.
            <Button
              variant={revealed ? 'outlined' : 'contained'}
              size="small"
              startIcon={revealed ? <VisibilityOffIcon /> : <VisibilityIcon />}
              onClick={() => actions.toggleReveal(entry)}
              sx={{ mt: 1 }}
            >
              {revealed ? 'Hide password and notes' : 'Show password and notes'}
            </Button>
          }
        >
          <DetailRow
            label={loginLabel}
            actions={
              login && (
                <CopyButton
                  label={`Copy ${loginLabel.toLowerCase()}`}
                  onClick={() => actions.copyField(loginLabel, login)}
                />
              )
            }
          >
            {login}
          </DetailRow>
          {username && (
            <DetailRow
              label="Username"
              actions={
                <CopyButton label="Copy username" onClick={() => actions.copyField('Username', username)} />
              }
            >
              {username}
            </DetailRow>
          )}
          <PasswordRow
            key={revealed ? 'revealed' : 'masked'}
            entry={entry}
            secrets={secrets}
            actions={actions}
          />
          {hasTotp && <TotpDetailRow totp={secrets?.totp} onCopy={() => actions.copyTotp(entry)} />}
          <DetailRow
            label="Website"
            actions={
              entry.website && (
                <CopyButton
                  label="Copy website"
                  onClick={() => actions.copyField('Website', entry.website)}
                />
              )
            }
          >
            {entry.website && <WebsiteLink website={entry.website} />}
          </DetailRow>
          <NotesRow secrets={secrets} hasNotes={entry.hasNotes} />
        </DetailSection>
        <DetailFields entry={entry} revealed={secrets?.fields} actions={actions} />
        <DetailSection>
          {entry.tags.length > 0 && (
            <DetailRow label="Tags">
              <Box
                component="ul"
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', m: 0, p: 0, pt: 0.5 }}
              >
                {entry.tags.map((tag) => (
                  <li key={tag}>
                    <Chip label={tag} size="small" sx={{ maxWidth: '100%' }} />
                  </li>
                ))}
              </Box>
            </DetailRow>
          )}
          <DetailRow label="Created">
            <time dateTime={entry.createdAt}>{readableDate(entry.createdAt)}</time>
          </DetailRow>
          <DetailRow label="Updated">
            <time dateTime={entry.updatedAt}>{readableDate(entry.updatedAt)}</time>
          </DetailRow>
        </DetailSection>
        <Box sx={{ px: 2.5, py: 1.5 }}>
          <EntryActivity entryId={entry._id} />
        </Box>
      </Box>
    </>
  );
}
