import { useState } from 'react';
import Button from '@mui/material/Button';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import ShortTextIcon from '@mui/icons-material/ShortText';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { MASKED_PASSWORD } from '../../common/constants';
import type { CustomField, ListedField, PasswordEntry } from '../../common/wire';
import { ActionButton, CopyButton } from './CardButtons';
import { CardField } from './CardField';
import type { CardActions } from './useVaultActions';

/** How many fields a card shows before 'Show N more fields'. */
export const FIELDS_PREVIEW = 3;

export interface CardCustomFieldsProps {
  entry: PasswordEntry;
  /** Every field with its value while the entry is revealed; undefined before (the list's fields then). */
  revealed: CustomField[] | undefined;
  actions: CardActions;
}

/**
 * A card's custom fields: each one's name, the value of a field that is not hidden, and a hidden one's
 * value masked, with its own show and copy once the entry is revealed.
 */
export function CardCustomFields({ entry, revealed, actions }: CardCustomFieldsProps) {
  const [expanded, setExpanded] = useState(false);
  const fields: (CustomField | ListedField)[] = revealed ?? entry.fields ?? [];
  if (fields.length === 0) return null;
  const shown = expanded ? fields : fields.slice(0, FIELDS_PREVIEW);
  const more = fields.length - FIELDS_PREVIEW;
  const { title } = entry;
  return (
    <>
      {shown.map((field, index) =>
        field.hidden ? (
          <HiddenField
            // A fresh row at each reveal: a value shown before the entry was hidden is masked again.
            key={`${index}-${revealed ? 'revealed' : 'masked'}`}
            title={title}
            name={field.name}
            value={revealed ? field.value : undefined}
            onCopy={() => actions.copyHiddenField(entry, index)}
          />
        ) : (
          <CardField
            key={index}
            icon={<ShortTextIcon fontSize="small" />}
            label={field.name}
            value={field.value}
            showLabel
          >
            {field.value && (
              <CopyButton
                label={`Copy ${field.name} field for ${title}`}
                onClick={() => actions.copyField(field.name, field.value ?? '')}
              />
            )}
          </CardField>
        ),
      )}
      {more > 0 && (
        <Button
          size="small"
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
          sx={{ ml: 3, px: 1, minHeight: 32 }}
        >
          {expanded ? 'Show fewer fields' : `Show ${more} more ${more === 1 ? 'field' : 'fields'}`}
        </Button>
      )}
    </>
  );
}

interface HiddenFieldProps {
  title: string;
  name: string;
  /** The value once the entry is revealed. */
  value: string | undefined;
  onCopy: () => void;
}

function HiddenField({ title, name, value, onCopy }: HiddenFieldProps) {
  const [shown, setShown] = useState(false);
  const revealed = value !== undefined;
  return (
    <CardField
      icon={<KeyOutlinedIcon fontSize="small" />}
      label={name}
      value={revealed && shown ? value : MASKED_PASSWORD}
      monospace
      showLabel
    >
      {revealed && (
        <>
          <ActionButton
            label={`${shown ? 'Hide' : 'Show'} ${name} field for ${title}`}
            pressed={shown}
            onClick={() => setShown((open) => !open)}
          >
            {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
          </ActionButton>
          <CopyButton label={`Copy ${name} field for ${title}`} onClick={onCopy} />
        </>
      )}
    </CardField>
  );
}
