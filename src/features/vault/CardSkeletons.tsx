import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { visuallyHiddenSx } from '../../shared/ui/visuallyHidden';

/** The height of a card, and of the blocks that stand in for one. */
export const CARD_HEIGHT = 214;

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

/**
 * Where an entry of a window not loaded yet will be. Hidden from assistive technology and never
 * focusable: the list says it is busy instead, and its items count the whole list (aria-setsize).
 */
export function CardPlaceholder() {
  return <Skeleton aria-hidden variant="rounded" height={CARD_HEIGHT} data-testid="card-placeholder" />;
}
