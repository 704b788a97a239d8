import { useEffect, useId, useRef, useState } from 'react';
import { getIn, useFormikContext } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { TOO_MANY_FIELDS } from '../../../common/customFields';
import { ENTRY_LIMITS } from '../../../common/limits';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { TextInput } from '../../../shared/ui/TextInput';
import { emptyCustomField, type PasswordFormValues } from './passwordFormValues';

/**
 * The entry's custom fields: rows of name, value and a Hidden toggle (a hidden value is typed masked,
 * and a card shows it only after a reveal). Rows are added and removed here; Yup names what is wrong.
 */
export function CustomFieldsEditor() {
  const id = useId();
  const { values, errors, touched, handleChange, handleBlur, setFieldValue } =
    useFormikContext<PasswordFormValues>();
  const { fields } = values;
  // Stable keys, so that removing a row does not hand its neighbour's state (the eye) to another.
  const nextKey = useRef(fields.length);
  const [keys, setKeys] = useState(() => fields.map((_, index) => index));
  // Where the focus goes once the rows changed: a new row's name, or Add field after a removal.
  const [focus, setFocus] = useState<{ target: number | 'add' } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = fields.length >= ENTRY_LIMITS.fields;

  useEffect(() => {
    if (!focus) return;
    if (focus.target === 'add') addButton.current?.focus();
    else document.getElementById(`${id}-${focus.target}-name`)?.focus();
  }, [focus, id]);

  const add = () => {
    if (full) return;
    setKeys((current) => [...current, nextKey.current++]);
    void setFieldValue('fields', [...fields, { ...emptyCustomField }]);
    setFocus({ target: fields.length });
  };

  const remove = (index: number) => {
    setKeys((current) => current.filter((_, other) => other !== index));
    void setFieldValue(
      'fields',
      fields.filter((_, other) => other !== index),
    );
    setFocus({ target: 'add' });
  };

  const rowError = (index: number, key: 'name' | 'value'): string | undefined => {
    const message: unknown = getIn(errors, `fields.${index}.${key}`);
    return getIn(touched, `fields.${index}.${key}`) && typeof message === 'string' ? message : undefined;
  };
  const listError = typeof errors.fields === 'string' ? errors.fields : undefined;

  return (
    <Box component="section" aria-labelledby={`${id}-heading`}>
      <Typography id={`${id}-heading`} component="h3" variant="subtitle2">
        Custom fields
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: fields.length ? 2 : 1 }}>
        Extra details such as a PIN or a security answer. Hidden ones stay masked until you reveal the entry.
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {fields.map((field, index) => {
          const nameError = rowError(index, 'name');
          const valueError = rowError(index, 'value');
          const valueProps = {
            id: `${id}-${index}-value`,
            name: `fields.${index}.value`,
            label: 'Value',
            value: field.value,
            onChange: handleChange,
            onBlur: handleBlur,
            error: Boolean(valueError),
            helperText: valueError,
            autoComplete: 'off',
            size: 'small' as const,
            fullWidth: true,
            sx: { gridArea: 'value' },
          };
          return (
            <Box
              key={keys[index] ?? `row-${index}`}
              role="group"
              aria-label={`Custom field ${index + 1}`}
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'start',
                // On a phone a row takes three lines: a frame tells where one field ends.
                p: { xs: 1.5, sm: 0 },
                pb: { xs: 0.5, sm: 0 },
                border: { xs: 1, sm: 0 },
                borderColor: { xs: 'divider', sm: undefined },
                borderRadius: 1,
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr) auto',
                  sm: 'minmax(0, 2fr) minmax(0, 3fr) auto auto',
                },
                gridTemplateAreas: {
                  xs: '"name name" "value value" "hidden remove"',
                  sm: '"name value hidden remove"',
                },
              }}
            >
              <TextInput
                id={`${id}-${index}-name`}
                name={`fields.${index}.name`}
                label="Name"
                value={field.name}
                onChange={handleChange}
                onBlur={handleBlur}
                error={Boolean(nameError)}
                helperText={nameError}
                autoComplete="off"
                size="small"
                fullWidth
                sx={{ gridArea: 'name' }}
              />
              {field.hidden ? (
                <PasswordField {...valueProps} toggleName={`value of custom field ${index + 1}`} />
              ) : (
                <TextInput {...valueProps} />
              )}
              <FormControlLabel
                sx={{ gridArea: 'hidden', mr: 0, ml: { xs: -1, sm: 0 }, height: 40 }}
                control={
                  <Checkbox
                    size="small"
                    checked={field.hidden}
                    onChange={(event) => void setFieldValue(`fields.${index}.hidden`, event.target.checked)}
                  />
                }
                label="Hidden"
              />
              <Tooltip title={`Remove custom field ${index + 1}`} enterDelay={500} disableInteractive>
                <IconButton
                  aria-label={`Remove custom field ${index + 1}`}
                  onClick={() => remove(index)}
                  sx={{ gridArea: 'remove', justifySelf: 'end' }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          );
        })}
      </Box>
      <Button
        ref={addButton}
        startIcon={<AddIcon />}
        onClick={add}
        disabled={full}
        aria-describedby={full ? `${id}-limit` : undefined}
        sx={{ mt: fields.length ? 1 : 0 }}
      >
        Add field
      </Button>
      {full && <FormHelperText id={`${id}-limit`}>{TOO_MANY_FIELDS}</FormHelperText>}
      {listError && !full && <FormHelperText error>{listError}</FormHelperText>}
    </Box>
  );
}
