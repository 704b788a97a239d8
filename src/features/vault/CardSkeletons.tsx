import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { visuallyHiddenSx } from '../../shared/ui/visuallyHidden';
import { cardRowHeight } from './list/entryLayout';

/** The height of a card without optional lines, and of the blocks that stand in for one. */
const CARD_HEIGHT = cardRowHeight([]);

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
          <Skeleton key={index} variant="rounded" height={CARD_HEIGHT} data-testid="card-skeleton" />
        ))}
      </Box>
    </Box>
  );
}
