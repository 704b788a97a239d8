import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import DeleteForever from '@mui/icons-material/DeleteForever';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** SPEC section 2, Danger Zone: Delete Account. */
export function DangerZoneTab() {
  const [open, setOpen] = useState(false);
  return (
    <Box
      component="section"
      aria-labelledby="danger-zone-title"
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        p: { xs: 2, sm: 3 },
        borderRadius: 2,
        border: 1,
        borderColor: 'error.main',
        bgcolor: alpha(theme.palette.error.main, 0.06),
      })}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 280px' }}>
        <Typography
          id="danger-zone-title"
          component="h2"
          variant="h6"
          sx={{ color: 'error.main', fontWeight: 600 }}
        >
          Delete Account
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Permanently delete your account and every password in your vault. This cannot be undone, and nothing
          can be recovered afterwards.
        </Typography>
      </Box>
      <Button
        variant="contained"
        color="error"
        startIcon={<DeleteForever />}
        onClick={() => setOpen(true)}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        Delete Account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
