import { memo } from 'react';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import ViewAgendaOutlinedIcon from '@mui/icons-material/ViewAgendaOutlined';
import ViewListIcon from '@mui/icons-material/ViewList';
import { LIST_SORTS, type ListPreferences, type ListSort } from '../../common/listOrder';

export const SORT_LABELS: Record<ListSort, string> = {
  created: 'Newest first',
  updated: 'Last updated',
  name: 'Name (A–Z)',
};

export interface ListControlsProps {
  preferences: ListPreferences;
  onChange: (change: Partial<ListPreferences>) => void;
}

/** The list's order and favourites first, beside the filters. Remembered per user. */
export const SortControls = memo(function SortControls({ preferences, onChange }: ListControlsProps) {
  const { listSort, favoritesFirst } = preferences;
  return (
    <>
      <TextField
        select
        size="small"
        label="Sort by"
        value={listSort}
        onChange={(event) => onChange({ listSort: event.target.value as ListSort })}
        slotProps={{ select: { native: true } }}
        sx={{ width: 170 }}
      >
        {LIST_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </TextField>
      <ToggleButton
        value="favoritesFirst"
        size="small"
        selected={favoritesFirst}
        onChange={() => onChange({ favoritesFirst: !favoritesFirst })}
        color="warning"
        // The label keeps the text colour (warning orange on its tint fails contrast in light); the star shows the state.
        sx={{
          gap: 0.75,
          px: 1.5,
          height: 40,
          textTransform: 'none',
          '&.Mui-selected': { color: 'text.primary' },
          '&.Mui-selected svg': { color: 'warning.main' },
        }}
      >
        {favoritesFirst ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
        Favorites first
      </ToggleButton>
    </>
  );
});

/** Cards or compact rows, beside the list's count. Remembered per user. */
export const ViewToggle = memo(function ViewToggle({ preferences, onChange }: ListControlsProps) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={preferences.listView}
      aria-label="Show the list as"
      onChange={(_event, view: ListPreferences['listView'] | null) => {
        if (view) onChange({ listView: view });
      }}
      sx={{ height: 40 }}
    >
      <ToggleButton value="cards" aria-label="Cards" title="Cards">
        <ViewAgendaOutlinedIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="compact" aria-label="Compact list" title="Compact list">
        <ViewListIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
});
