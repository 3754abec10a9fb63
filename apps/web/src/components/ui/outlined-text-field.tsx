import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { forwardRef, useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode } from 'react';

/** Props of {@link OutlinedTextField}: the TextField props the app's forms use. */
export interface OutlinedTextFieldProps {
  /** Every field has a visible label (seed accessibility rule). */
  label: string;
  name?: string;
  id?: string;
  type?: string;
  value?: string;
  defaultValue?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Shows the field and its helper text in the error colour, and marks the input aria-invalid. */
  error?: boolean;
  /** Text under the field (the error message or a hint); the input is described by it. */
  helperText?: ReactNode;
  /** Content at the end of the input (e.g. the password visibility toggle). */
  endAdornment?: ReactNode;
  /** Default true (seed §9: fields fill their column). */
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/**
 * An outlined text field (seed §9: outlined, comfortable, primary colour) built from the same parts
 * as MUI's TextField — FormControl, InputLabel, OutlinedInput, FormHelperText — without TextField's
 * select mode, whose menu, popover and modal code would otherwise ship with the login route
 * (~13 KB gzipped, bench/README). The ref reaches the <input> (react-hook-form focuses it).
 */
export const OutlinedTextField = forwardRef<HTMLInputElement, OutlinedTextFieldProps>(function OutlinedTextField(
  { label, id, helperText, error = false, endAdornment, fullWidth = true, size, sx, required, disabled, ...input },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperTextId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      color="primary"
      fullWidth={fullWidth}
      error={error}
      required={required}
      disabled={disabled}
      size={size}
      sx={sx}
    >
      <InputLabel htmlFor={inputId} id={`${inputId}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={label}
        inputRef={ref}
        endAdornment={endAdornment}
        inputProps={{ 'aria-describedby': helperTextId }}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
