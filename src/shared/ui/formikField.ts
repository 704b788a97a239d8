import type { ChangeEvent, FocusEvent } from 'react';
import type { FormikErrors, FormikTouched } from 'formik';

export interface FormikLike<V> {
  setFieldValue: (field: string, value: string) => unknown;
  values: V;
  errors: FormikErrors<V>;
  touched: FormikTouched<V>;
  /** How many times the form was submitted (Formik counts attempts, valid or not). */
  submitCount: number;
  handleChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  handleBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/**
 * The props that wire a MUI TextField to a Formik string field. The error shows once the field was
 * touched, or (with `live`) as soon as it has a value, for rules the user should see while typing.
 */
export function fieldProps<V extends object>(formik: FormikLike<V>, name: keyof V & string, live = false) {
  const value = formik.values[name];
  const error = formik.errors[name];
  const message = typeof error === 'string' ? error : undefined;
  const show = Boolean(message) && (Boolean(formik.touched[name]) || (live && value !== ''));
  return {
    id: name,
    name,
    value: typeof value === 'string' ? value : '',
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: show,
    helperText: show ? message : undefined,
  };
}

/**
 * The props that wire an OtpField to a Formik code field: digits only, the error once a submit was
 * tried. Leaving the field (for Resend code, say: the code is on its way) does not flag a code the user
 * has not had the chance to type.
 */
export function otpFieldProps<V extends object>(formik: FormikLike<V>, name: keyof V & string) {
  const { value, onBlur, error, helperText } = fieldProps(formik, name);
  const show = error && formik.submitCount > 0;
  return {
    id: name,
    name,
    value,
    onValueChange: (next: string) => void formik.setFieldValue(name, next),
    onBlur,
    error: show,
    // Always a line, so the button below does not jump when a message appears.
    helperText: (show && helperText) || ' ',
  };
}
