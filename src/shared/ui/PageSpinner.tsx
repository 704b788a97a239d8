import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export interface PageSpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  /** Fill the whole window (session start) instead of the content area. */
  fullScreen?: boolean;
}

/** A centred spinner that screen readers announce. */
export function PageSpinner({ label = 'Loading', fullScreen = false }: PageSpinnerProps) {
  return (
    <Box
      role="status"
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: fullScreen ? '100vh' : '40vh',
        bgcolor: fullScreen ? 'background.default' : undefined,
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
