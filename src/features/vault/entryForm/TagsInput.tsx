import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import CancelIcon from '@mui/icons-material/Cancel';
import { ENTRY_LIMITS } from '../../../common/limits';

export interface TagsInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
}

/** Tags as chips: Enter or a comma adds what was typed, Backspace in an empty box removes the last. */
export function TagsInput({ value, onChange }: TagsInputProps) {
  const [draft, setDraft] = useState('');

  const add = (text: string) => {
    const fresh = text
      .split(',')
      .map((tag) => tag.trim().slice(0, ENTRY_LIMITS.tag))
      .filter((tag) => tag && !value.includes(tag));
    // The server keeps at most ENTRY_LIMITS.tags tags: more are not added, and the hint says why.
    if (fresh.length) onChange([...value, ...new Set(fresh)].slice(0, ENTRY_LIMITS.tags));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
      setDraft('');
    } else if (event.key === 'Backspace' && !draft && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <Box>
      <TextField
        label="Tags"
        value={draft}
        onChange={(event) => {
          const text = event.target.value;
          if (text.includes(',')) {
            add(text);
            setDraft('');
          } else setDraft(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          add(draft);
          setDraft('');
        }}
        helperText={
          value.length >= ENTRY_LIMITS.tags
            ? `At most ${ENTRY_LIMITS.tags} tags`
            : 'Press Enter or type a comma to add a tag'
        }
        fullWidth
      />
      {value.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }} aria-label="Tags" role="list">
          {value.map((tag) => (
            <Chip
              key={tag}
              role="listitem"
              label={tag}
              size="small"
              onDelete={() => onChange(value.filter((other) => other !== tag))}
              deleteIcon={<CancelIcon titleAccess={`Remove tag ${tag}`} />}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
