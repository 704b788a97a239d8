import { memo } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { CATEGORIES, CATEGORY_FILTER_ALL } from '../../common/constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { keepClearOfToasts } from '../../shared/ui/ToastPlacement';
import { SearchField } from './SearchField';
import {
  categoryChanged,
  favoritesOnlyChanged,
  selectCategory,
  selectFavoritesOnly,
  type CategoryFilter,
} from './vaultSlice';

const OPTIONS: CategoryFilter[] = [CATEGORY_FILTER_ALL, ...CATEGORIES];

/** Search, category (with 'all') and the favourites toggle of SPEC section 2. */
/** Memoised: a new answer of the list renders the list, not these fields. */
export const VaultFilters = memo(function VaultFilters() {
  const dispatch = useAppDispatch();
  const category = useAppSelector(selectCategory);
  const favoritesOnly = useAppSelector(selectFavoritesOnly);
  return (
    <Box
      role="search"
      // Toasts appear below the filters, not over them.
      ref={keepClearOfToasts}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
    >
      <SearchField />
      {/* A native select: light for the page's first paint, and the phone's own picker. */}
      <TextField
        select
        size="small"
        label="Category"
        value={category}
        onChange={(event) => dispatch(categoryChanged(event.target.value as CategoryFilter))}
        slotProps={{ select: { native: true } }}
        sx={{ flex: '0 1 180px', minWidth: 140, '& select': { textTransform: 'capitalize' } }}
      >
        {OPTIONS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </TextField>
      <ToggleButton
        value="favorites"
        size="small"
        selected={favoritesOnly}
        onChange={() => dispatch(favoritesOnlyChanged(!favoritesOnly))}
        color="warning"
        sx={{ gap: 0.75, px: 1.5, height: 40, textTransform: 'none' }}
      >
        {favoritesOnly ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
        Favorites
      </ToggleButton>
    </Box>
  );
});
