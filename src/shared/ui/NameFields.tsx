import Box from '@mui/material/Box';
import { fieldProps, type FormikLike } from './formikField';
import { TextInput } from './TextInput';

interface Names {
  firstName: string;
  lastName: string;
}

/** First and last name side by side (one above the other on a phone), with the browser's autofill names. */
export function NameFields<V extends Names>({ formik }: { formik: FormikLike<V> }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextInput
        {...fieldProps(formik, 'firstName')}
        label="First name"
        autoComplete="given-name"
        fullWidth
      />
      <TextInput {...fieldProps(formik, 'lastName')} label="Last name" autoComplete="family-name" fullWidth />
    </Box>
  );
}
