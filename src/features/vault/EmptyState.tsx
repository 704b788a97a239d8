import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import KeyIcon from '@mui/icons-material/Key';

export interface EmptyStateProps {
  filtered: boolean;
  onAdd: () => void;
  onClearFilters: () => void;
}

/** SPEC section 2: 'No passwords found' with the hint that fits. */
export function EmptyState({ filtered, onAdd, onClearFilters }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ py: { xs: 5, sm: 8 }, px: 3, textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'action.selected', color: 'primary.main' }} aria-hidden>
          <KeyIcon />
        </Avatar>
        <Typography component="h2" variant="h6">
          No passwords found
        </Typography>
        <Typography color="text.secondary">
          {filtered ? 'Try adjusting your search or filters' : 'Get started by adding your first password'}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
          {filtered && <Button onClick={onClearFilters}>Clear filters</Button>}
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            Add Password
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
