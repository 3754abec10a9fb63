import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { OutlinedTextField, type OutlinedTextFieldProps } from './outlined-text-field';

/** Props of {@link FormTextField}. */
export type FormTextFieldProps = Omit<OutlinedTextFieldProps, 'name' | 'onChange' | 'onBlur' | 'error' | 'helperText'> & {
  /** `form.register(name)`: its ref reaches the <input>, so a failed submit focuses the field. */
  registration: UseFormRegisterReturn;
  /** The field's error from formState; its message is shown under the field. */
  fieldError?: FieldError;
  /** Shown under the field while there is no error. */
  hint?: string;
};

/** A react-hook-form text field (outlined, seed §9) showing its own validation message. */
export function FormTextField({ registration, fieldError, hint, ...props }: FormTextFieldProps) {
  const { ref, required, disabled, ...field } = registration;
  return (
    <OutlinedTextField
      {...props}
      {...field}
      required={props.required ?? required}
      disabled={props.disabled ?? disabled}
      ref={ref}
      error={Boolean(fieldError)}
      helperText={fieldError?.message ?? hint}
    />
  );
}

/** The email field of the auth forms: type email, autocomplete username (password managers). */
export function EmailField(props: Omit<FormTextFieldProps, 'label' | 'type'>) {
  return <FormTextField label="Email" type="email" autoComplete="username" {...props} />;
}
