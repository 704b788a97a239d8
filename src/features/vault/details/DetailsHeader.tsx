import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import type { PasswordEntry } from '../../../common/wire';
import { categoryColor, categoryLabel } from '../../../shared/ui/categories';

export interface DetailsHeaderProps {
  entry: PasswordEntry;
  /** The id of the title, which names the panel. */
  titleId: string;
  onClose: () => void;
  onToggleFavorite: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The panel's top: the entry's title (its name), category and favourite state, Close, and what can be done. */
export function DetailsHeader({
  entry,
  titleId,
  onClose,
  onToggleFavorite,
  onEdit,
  onDelete,
}: DetailsHeaderProps) {
  const color = categoryColor(entry.category);
  const { title, isFavorite } = entry;
  return (
    // A plain box, not <header>: inside the dialog that would be a second banner landmark.
    <Box sx={{ flexShrink: 0, borderBottom: 1, borderColor: 'divider', px: 2.5, pt: 2, pb: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, minWidth: 0 }}>
        <Avatar
          aria-hidden
          sx={(theme) => ({
            bgcolor: alpha(theme.palette[color].main, 0.15),
            color: theme.palette[color].main,
            fontWeight: 700,
            mt: 0.25,
          })}
        >
          {title.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          {/* A long title wraps (never cut): it is what the panel is about. */}
          <Typography
            id={titleId}
            component="h2"
            variant="h6"
            sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {categoryLabel(entry.category)}
            </Typography>
          </Box>
        </Box>
        <IconButton aria-label="Close details" onClick={onClose} edge="end" sx={{ mt: -0.5 }}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button
          size="small"
          variant="outlined"
          color={isFavorite ? 'warning' : 'inherit'}
          aria-pressed={isFavorite}
          startIcon={isFavorite ? <StarIcon /> : <StarBorderIcon />}
          onClick={onToggleFavorite}
        >
          Favorite
        </Button>
        <Button size="small" variant="outlined" startIcon={<EditOutlinedIcon />} onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={onDelete}
        >
          Delete
        </Button>
      </Box>
    </Box>
  );
}
