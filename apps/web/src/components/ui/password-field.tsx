import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { forwardRef, useState } from 'react';
import { OutlinedTextField, type OutlinedTextFieldProps } from './outlined-text-field';

/** Props of {@link PasswordField}: an outlined field's, without type and end adornment. */
export type PasswordFieldProps = Omit<OutlinedTextFieldProps, 'type' | 'endAdornment'>;

/**
 * A password field with a show/hide toggle (named "Show password"/"Hide password" so no control's
 * name contains another field's label). Label required: every field has a visible label (seed
 * accessibility rule). Spread `form.register(name)` into it.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <OutlinedTextField
      {...props}
      ref={ref}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={isVisible ? 'Hide password' : 'Show password'}
            onClick={() => setIsVisible((value) => !value)}
            edge="end"
            size="small"
          >
            {isVisible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
});
