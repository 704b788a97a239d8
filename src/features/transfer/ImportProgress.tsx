import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** The request runs as one upload and one transaction: fetch reports no progress, so it is indeterminate. */
export function ImportProgress() {
  return (
    <Box role="status">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        Importing…
      </Typography>
      <LinearProgress aria-label="Importing passwords" />
    </Box>
  );
}
