import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { visuallyHiddenSx } from '../../shared/ui/visuallyHidden';

/** The loading placeholder: card-shaped blocks where the cards will be. */
export function CardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHiddenSx}>
        Loading passwords…
      </Box>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
        }}
      >
        {Array.from({ length: count }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={214} data-testid="card-skeleton" />
        ))}
      </Box>
    </Box>
  );
}
