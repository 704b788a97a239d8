import { useState } from 'react';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { MASKED_PASSWORD } from '../../../common/constants';
import type { CustomField, ListedField, PasswordEntry } from '../../../common/wire';
import { ActionButton, CopyButton } from '../CardButtons';
import type { CardActions } from '../useVaultActions';
import { DetailRow, DetailSection } from './DetailRow';

export interface DetailFieldsProps {
  entry: PasswordEntry;
  /** Every field with its value once the entry is revealed; undefined before (the list's fields then). */
  revealed: CustomField[] | undefined;
  actions: CardActions;
}

/**
 * Every custom field of the entry: an open one's value with Copy; a hidden one masked, with its own Show
 * and Copy once the entry is revealed (before, the list carries only its name).
 */
export function DetailFields({ entry, revealed, actions }: DetailFieldsProps) {
  const fields: (CustomField | ListedField)[] = revealed ?? entry.fields ?? [];
  if (fields.length === 0) return null;
  return (
    <DetailSection title="Custom fields">
      {fields.map((field, index) =>
        field.hidden ? (
          <HiddenField
            // A fresh row at each reveal: a value shown before the entry was hidden is masked again.
            key={`${index}-${revealed ? 'revealed' : 'masked'}`}
            name={field.name}
            value={revealed ? field.value : undefined}
            onCopy={() => actions.copyHiddenField(entry, index)}
          />
        ) : (
          <DetailRow
            key={index}
            label={field.name}
            actions={
              field.value ? (
                <CopyButton
                  label={`Copy ${field.name} field`}
                  onClick={() => actions.copyField(field.name, field.value ?? '')}
                />
              ) : undefined
            }
          >
            {field.value}
          </DetailRow>
        ),
      )}
    </DetailSection>
  );
}

function HiddenField({
  name,
  value,
  onCopy,
}: {
  name: string;
  value: string | undefined;
  onCopy: () => void;
}) {
  const [shown, setShown] = useState(false);
  return (
    <DetailRow
      label={name}
      monospace
      actions={
        value !== undefined && (
          <>
            <ActionButton
              label={`${shown ? 'Hide' : 'Show'} ${name} field`}
              onClick={() => setShown((open) => !open)}
            >
              {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
            </ActionButton>
            <CopyButton label={`Copy ${name} field`} onClick={onCopy} />
          </>
        )
      }
    >
      {value !== undefined && shown ? value : MASKED_PASSWORD}
    </DetailRow>
  );
}
