import { useId, useMemo, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { fieldProps } from '../../shared/ui/formikField';
import { PasswordField } from '../../shared/ui/PasswordField';
import { StrengthMeter } from '../../shared/ui/StrengthMeter';
import {
  secretChangeSchema,
  submitProblems,
  type SecretChangeTexts,
  type SecretChangeValues,
} from './secretChangeSchema';

export interface SecretChangeFormProps {
  texts: SecretChangeTexts;
  /** Sends the change and shows its outcome; answers whether it was accepted. */
  onSubmit: (values: Pick<SecretChangeValues, 'current' | 'next'>) => Promise<boolean>;
}

const EMPTY: SecretChangeValues = { current: '', next: '', confirm: '' };

/** Current, new (with the strength meter) and confirmation, each with show/hide. */
export function SecretChangeForm({ texts, onSubmit }: SecretChangeFormProps) {
  const id = useId();
  const { enqueueSnackbar } = useSnackbar();
  const schema = useMemo(() => secretChangeSchema(texts), [texts]);
  const formik = useFormik({
    initialValues: EMPTY,
    validationSchema: schema,
    onSubmit: async ({ current, next }, { resetForm, setFieldValue, setFieldTouched }) => {
      if (await onSubmit({ current, next })) {
        resetForm();
        return;
      }
      // Refused (a wrong current one, most often): that field is emptied for the next try, and the new
      // one and its confirmation stay, so they need not be typed again.
      await setFieldValue('current', '', false);
      await setFieldTouched('current', false, false);
      document.getElementById(`${id}-current`)?.focus();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitProblems(formik.values, texts).forEach((text) => enqueueSnackbar(text, { variant: 'error' }));
    formik.handleSubmit(event);
  };

  const field = (name: keyof SecretChangeValues, autoComplete: string) => ({
    ...fieldProps(formik, name),
    id: `${id}-${name}`,
    label: texts.labels[name],
    autoComplete,
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <PasswordField {...field('current', 'current-password')} />
      <Box>
        <PasswordField {...field('next', 'new-password')} />
        <StrengthMeter password={formik.values.next} label={texts.meterLabel} showMissing />
      </Box>
      <PasswordField {...field('confirm', 'new-password')} />
      <Box>
        <Button
          type="submit"
          variant="contained"
          loading={formik.isSubmitting}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {texts.submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
