import { useId, useState, type ReactNode } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import TuneIcon from '@mui/icons-material/Tune';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { CATEGORIES } from '../../../common/constants';
import { FormChanges, FormDialog } from '../../../shared/ui/FormDialog';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { StrengthMeter } from '../../../shared/ui/StrengthMeter';
import { loadPasswordGenerator, PasswordGenerator, useGeneratePassword } from '../generator';
import { UNREACHABLE } from '../../../shared/api/errorText';
import { useCodeBeforeOpening } from '../../../shared/ui/lazyOnFirstUse';
import { CustomFieldsEditor } from './CustomFieldsEditor';
import { TagsInput } from './TagsInput';
import { WeakPasswordHint } from './WeakPasswordHint';
import { passwordFormSchema } from './passwordFormSchema';
import type { PasswordFormValues } from './passwordFormValues';

export interface PasswordFormDialogProps {
  open: boolean;
  mode: 'create' | 'edit';
  initialValues: PasswordFormValues;
  /** Said above the fields, e.g. that a new password was generated. */
  notice?: string;
  /** The entry's earlier passwords (an edit only), shown below the password. */
  history?: ReactNode;
  /** Resolves true when saved: the dialog is then closed by its owner and the form forgotten. */
  onSubmit: (values: PasswordFormValues) => Promise<boolean>;
  onClose: () => void;
}

/** SPEC section 5: add or edit an entry; a weak password shows a suggestion but still saves. */
export function PasswordFormDialog({
  open,
  mode,
  initialValues,
  notice,
  history,
  onSubmit,
  onClose,
}: PasswordFormDialogProps) {
  const id = useId();
  const { enqueueSnackbar } = useSnackbar();
  const generateNew = useGeneratePassword();
  const [generatorOpen, setGeneratorOpen] = useState(false);
  // Offline, a panel whose code never came would replace the page (and the form's typing) with the
  // route's error view: it opens once its code is here, or a toast says why not.
  const generatorCodeReady = useCodeBeforeOpening(loadPasswordGenerator);

  const submit = async (values: PasswordFormValues, helpers: FormikHelpers<PasswordFormValues>) => {
    if (await onSubmit(values)) helpers.resetForm();
  };

  return (
    <FormDialog open={open} onClose={onClose} titleId={`${id}-title`}>
      <Formik initialValues={initialValues} validationSchema={passwordFormSchema} onSubmit={submit}>
        {({
          values,
          errors,
          touched,
          dirty,
          submitCount,
          isSubmitting,
          handleChange,
          handleBlur,
          setFieldValue,
        }) => {
          // A field left empty is flagged once Save was tried, not when the user moves on (to Generate,
          // say); what was typed is checked when the field is left.
          const fieldError = (name: keyof PasswordFormValues) =>
            touched[name] && (submitCount > 0 || Boolean(values[name])) && typeof errors[name] === 'string'
              ? errors[name]
              : undefined;
          return (
            <Form noValidate style={{ display: 'contents' }}>
              <FormChanges dirty={dirty} />
              <DialogTitle id={`${id}-title`}>
                {mode === 'create' ? 'Add Password' : 'Edit Password'}
              </DialogTitle>
              <DialogContent dividers>
                <Stack spacing={2} sx={{ pt: 1 }}>
                  {notice && <Alert severity="info">{notice}</Alert>}
                  <TextField
                    name="title"
                    label="Title"
                    placeholder="App or website name"
                    value={values.title}
                    onChange={handleChange}
                    onBlur={handleBlur}
                    error={Boolean(fieldError('title'))}
                    helperText={fieldError('title')}
                    required
                    autoFocus
                    fullWidth
                  />
                  <TextField
                    name="email"
                    label="Email or username"
                    value={values.email}
                    onChange={handleChange}
                    onBlur={handleBlur}
                    autoComplete="off"
                    fullWidth
                  />
                  <Box>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                      <PasswordField
                        name="password"
                        label="Password"
                        value={values.password}
                        onChange={handleChange}
                        onBlur={handleBlur}
                        error={Boolean(fieldError('password'))}
                        helperText={fieldError('password')}
                        autoComplete="new-password"
                        required
                        fullWidth
                      />
                      <Button
                        variant="outlined"
                        startIcon={<AutorenewIcon />}
                        onClick={() => {
                          generateNew().then(
                            async (password) => {
                              await setFieldValue('password', password);
                              enqueueSnackbar('Password generated', { variant: 'success' });
                            },
                            // A passphrase needs the word list: offline, it may not come.
                            () => enqueueSnackbar(UNREACHABLE, { variant: 'error', preventDuplicate: true }),
                          );
                        }}
                        sx={{ flexShrink: 0, height: 56 }}
                      >
                        Generate
                      </Button>
                      <Tooltip title="Generator options">
                        <IconButton
                          aria-label="Generator options"
                          aria-expanded={generatorOpen}
                          onClick={async () => {
                            if (generatorOpen) setGeneratorOpen(false);
                            else if (await generatorCodeReady()) setGeneratorOpen(true);
                          }}
                          sx={{ flexShrink: 0, height: 56, width: 56 }}
                        >
                          <TuneIcon />
                        </IconButton>
                      </Tooltip>
                    </Box>
                    {generatorOpen && (
                      <PasswordGenerator
                        onUse={(password) => {
                          void setFieldValue('password', password);
                          setGeneratorOpen(false);
                          enqueueSnackbar('Password generated', { variant: 'success' });
                        }}
                        onClose={() => setGeneratorOpen(false)}
                      />
                    )}
                    <StrengthMeter password={values.password} />
                    <WeakPasswordHint password={values.password} />
                    {history}
                  </Box>
                  <PasswordField
                    name="totp"
                    label="Authenticator key (TOTP)"
                    toggleName="authenticator key"
                    value={values.totp}
                    onChange={handleChange}
                    onBlur={handleBlur}
                    error={Boolean(fieldError('totp'))}
                    helperText={
                      fieldError('totp') ??
                      'Optional: the otpauth:// link or the base32 secret a site shows when you set up an authenticator app'
                    }
                    autoComplete="off"
                    fullWidth
                  />
                  <TextField
                    name="website"
                    label="Website"
                    placeholder="https://example.com"
                    value={values.website}
                    onChange={handleChange}
                    onBlur={handleBlur}
                    slotProps={{ htmlInput: { inputMode: 'url' } }}
                    fullWidth
                  />
                  <TextField
                    select
                    name="category"
                    label="Category"
                    value={values.category}
                    onChange={handleChange}
                    fullWidth
                    sx={{ '& .MuiSelect-select': { textTransform: 'capitalize' } }}
                  >
                    {CATEGORIES.map((category) => (
                      <MenuItem key={category} value={category} sx={{ textTransform: 'capitalize' }}>
                        {category}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    name="notes"
                    label="Notes"
                    value={values.notes}
                    onChange={handleChange}
                    onBlur={handleBlur}
                    multiline
                    minRows={3}
                    fullWidth
                  />
                  <CustomFieldsEditor />
                  <TagsInput value={values.tags} onChange={(tags) => void setFieldValue('tags', tags)} />
                  <FormControlLabel
                    control={
                      <Checkbox name="isFavorite" checked={values.isFavorite} onChange={handleChange} />
                    }
                    label="Mark as favorite"
                  />
                </Stack>
              </DialogContent>
              <DialogActions sx={{ px: 3, py: 2 }}>
                <Button onClick={onClose} disabled={isSubmitting}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" loading={isSubmitting}>
                  Save
                </Button>
              </DialogActions>
            </Form>
          );
        }}
      </Formik>
    </FormDialog>
  );
}
