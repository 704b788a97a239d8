import Typography from '@mui/material/Typography';

/** In place of a section's content (and never its empty state) when the dashboard's data failed. */
export function SectionUnavailable({ what }: { what: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {`${what} could not be loaded.`}
    </Typography>
  );
}
