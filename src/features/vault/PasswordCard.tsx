import { memo } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { MASKED_PASSWORD } from '../../common/constants';
import type { PasswordEntry } from '../../common/wire';
import { categoryColor } from '../../shared/ui/categories';
import { ActionButton, CopyButton } from './CardButtons';
import { CardCustomFields } from './CardCustomFields';
import { CardHealth } from './CardHealth';
import { CardField } from './CardField';
import { useRevealedSecrets } from './revealedSecrets';
import { TotpRow } from './TotpRow';
import type { CardActions as Actions } from './useVaultActions';

export interface PasswordCardProps {
  entry: PasswordEntry;
  actions: Actions;
}

/** One vault entry: SPEC section 2's card. Every icon button says what it does and to which entry. */
export const PasswordCard = memo(function PasswordCard({ entry, actions }: PasswordCardProps) {
  const secrets = useRevealedSecrets(entry._id);
  const revealed = secrets !== undefined;
  const hasTotp = revealed ? secrets.totp.trim() !== '' : entry.hasTotp;
  const { title } = entry;
  const login = entry.email || entry.username;
  const loginLabel = login.includes('@') ? 'Email' : 'Username';
  const color = categoryColor(entry.category);

  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={title}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ pb: 1, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5, minWidth: 0 }}>
          <Avatar
            aria-hidden
            sx={(theme) => ({
              bgcolor: alpha(theme.palette[color].main, 0.15),
              color: theme.palette[color].main,
              fontWeight: 700,
            })}
          >
            {title.trim().charAt(0).toUpperCase() || '?'}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            {/* Up to two lines: a long title is not cut to a few characters beside the Favorite badge. */}
            <Typography
              component="h2"
              variant="subtitle1"
              title={title}
              sx={{
                fontWeight: 600,
                lineHeight: 1.35,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              {title}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'capitalize' }}>
              {entry.category}
            </Typography>
          </Box>
          {entry.isFavorite && (
            <Chip icon={<StarIcon />} label="Favorite" size="small" color="warning" variant="outlined" />
          )}
        </Box>
        <CardField icon={<LanguageIcon fontSize="small" />} label="Website" value={entry.website}>
          {entry.website && (
            <CopyButton
              label={`Copy website for ${title}`}
              onClick={() => actions.copyField('Website', entry.website)}
            />
          )}
        </CardField>
        <CardField icon={<PersonOutlineIcon fontSize="small" />} label={loginLabel} value={login}>
          {login && (
            <CopyButton
              label={`Copy ${loginLabel.toLowerCase()} for ${title}`}
              onClick={() => actions.copyField(loginLabel, login)}
            />
          )}
        </CardField>
        <CardField
          icon={<LockOutlinedIcon fontSize="small" />}
          label="Password"
          value={revealed ? secrets.password : MASKED_PASSWORD}
          monospace
        >
          <ActionButton
            label={`${revealed ? 'Hide' : 'Reveal'} password for ${title}`}
            pressed={revealed}
            onClick={() => actions.toggleReveal(entry)}
          >
            {revealed ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
          </ActionButton>
          {revealed && (
            <CopyButton label={`Copy password for ${title}`} onClick={() => actions.copyPassword(entry)} />
          )}
        </CardField>
        {hasTotp && <TotpRow title={title} totp={secrets?.totp} onCopy={() => actions.copyTotp(entry)} />}
        <CardCustomFields entry={entry} revealed={secrets?.fields} actions={actions} />
        <CardHealth entry={entry} onRenew={actions.renewPassword} />
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider', py: 0.5 }}>
        <ActionButton
          label={entry.isFavorite ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
          pressed={entry.isFavorite}
          onClick={() => actions.toggleFavorite(entry)}
          color={entry.isFavorite ? 'warning' : 'default'}
        >
          {entry.isFavorite ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
        </ActionButton>
        <ActionButton label={`Edit ${title}`} onClick={() => actions.edit(entry)}>
          <EditOutlinedIcon fontSize="small" />
        </ActionButton>
        <ActionButton label={`Delete ${title}`} onClick={() => actions.remove(entry)} color="error">
          <DeleteOutlineIcon fontSize="small" />
        </ActionButton>
      </CardActions>
    </Card>
  );
});
