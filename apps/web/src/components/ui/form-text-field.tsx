import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** Props of {@link FormTextField}. */
export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'onChange' | 'onBlur' | 'error' | 'helperText'> & {
  /** Every field has a visible label (seed accessibility rule). */
  label: string;
  /** `form.register(name)`: its ref reaches the <input>, so a failed submit focuses the field. */
  registration: UseFormRegisterReturn;
  /** The field's error from formState; its message is shown under the field. */
  fieldError?: FieldError;
  /** Shown under the field while there is no error. */
  hint?: string;
};

/** A react-hook-form text field (outlined, seed §9) showing its own validation message. */
export function FormTextField({ registration, fieldError, hint, ...props }: FormTextFieldProps) {
  const { ref, ...field } = registration;
  return <TextField {...props} {...field} inputRef={ref} error={Boolean(fieldError)} helperText={fieldError?.message ?? hint} />;
}

/** The email field of the auth forms: type email, autocomplete username (password managers). */
export function EmailField(props: Omit<FormTextFieldProps, 'label' | 'type'>) {
  return <FormTextField label="Email" type="email" autoComplete="username" {...props} />;
}
