import { useState } from 'react';
import { MASKED_PASSWORD } from '../../../common/constants';
import type { CustomField, ListedField, PasswordEntry } from '../../../common/wire';
import type { ListActions } from '../useVaultActions';
import { FIELDS_ON_CARD } from './entryLayout';
import { CopyButton, IconButton, Line, Slot } from './entryParts';

export interface EntryFieldsProps {
  entry: PasswordEntry;
  /** Every field with its value while the entry is revealed; undefined before (the list's fields then). */
  revealed: CustomField[] | undefined;
  actions: ListActions;
}

/**
 * A card's custom fields, up to FIELDS_ON_CARD of them (the details panel has them all): each one's
 * name, the value of a field that is not hidden, and a hidden one's value masked, with its own show and
 * copy once the entry is revealed.
 */
export function EntryFields({ entry, revealed, actions }: EntryFieldsProps) {
  const fields: (CustomField | ListedField)[] = revealed ?? entry.fields;
  if (fields.length === 0) return null;
  const more = fields.length - FIELDS_ON_CARD;
  const { title } = entry;
  return (
    <>
      {fields.slice(0, FIELDS_ON_CARD).map((field, index) =>
        field.hidden ? (
          <HiddenField
            // A fresh line at each reveal: a value shown before the entry was hidden is masked again.
            key={`${index}-${revealed ? 'revealed' : 'masked'}`}
            title={title}
            name={field.name}
            value={revealed ? field.value : undefined}
            onCopy={() => actions.copyHiddenField(entry, index)}
          />
        ) : (
          <Line
            key={index}
            glyph="field"
            label={field.name}
            showLabel
            hint={field.value ? `${field.name}: ${field.value}` : undefined}
            buttons={
              field.value ? (
                <CopyButton
                  label={`Copy ${field.name} field for ${title}`}
                  onClick={() => actions.copyField(field.name, field.value ?? '')}
                />
              ) : (
                <Slot />
              )
            }
          >
            {field.value}
          </Line>
        ),
      )}
      {more > 0 && (
        <div className="pv-line">
          <button type="button" className="pv-text-btn" onClick={() => actions.details(entry)}>
            {`${more} more ${more === 1 ? 'field' : 'fields'} in details`}
          </button>
        </div>
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
    <Line
      glyph="key"
      label={name}
      showLabel
      className="pv-mono"
      buttons={
        revealed ? (
          <>
            <CopyButton label={`Copy ${name} field for ${title}`} onClick={onCopy} />
            <IconButton
              label={`${shown ? 'Hide' : 'Show'} ${name} field for ${title}`}
              glyph={shown ? 'eyeOff' : 'eye'}
              pressed={shown}
              onClick={() => setShown((open) => !open)}
            />
          </>
        ) : (
          <Slot />
        )
      }
    >
      {revealed && shown ? value : MASKED_PASSWORD}
    </Line>
  );
}
