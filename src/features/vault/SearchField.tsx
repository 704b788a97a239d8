import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_DEBOUNCE_MS } from '../../common/constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { searchCommitted } from './pageList';
import { selectSearchAsked } from './vaultSlice';

/**
 * The search box owns what is typed; the store gets it after a pause (the list query follows the
 * store). The input is never remounted, so focus and caret stay put while results update.
 */
export function SearchField() {
  const dispatch = useAppDispatch();
  const committed = useAppSelector(selectSearchAsked);
  const [text, setText] = useState(committed);
  // The value this field last sent or adopted: a different store value came from elsewhere (Clear).
  const [known, setKnown] = useState(committed);
  if (committed !== known) {
    setKnown(committed);
    setText(committed);
  }
  const { search: address } = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <TextField
      type="search"
      size="small"
      placeholder="Search passwords, websites, usernames..."
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          setKnown(next);
          dispatch(searchCommitted(next, address));
        }, SEARCH_DEBOUNCE_MS);
      }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search passwords' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      // 360 px: room for the whole placeholder, else the filters wrap below. At 375 px the placeholder
      // fits in full only a size smaller and with a narrower end padding (the typed text keeps its size).
      sx={{
        flex: '1 1 360px',
        minWidth: 0,
        '& input': { pr: { xs: 1, sm: 1.75 } },
        '& input::placeholder': { fontSize: { xs: '0.8125rem', sm: '1rem' } },
      }}
    />
  );
}
