import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { forwardRef, useState } from 'react';

/**
 * A password TextField with a show/hide toggle (named "Show password"/"Hide password" so no
 * control's name contains another field's label). Takes TextField props (label is required so every
 * field has a visible label, seed accessibility rule).
 */
export const PasswordField = forwardRef<HTMLInputElement, TextFieldProps & { label: string }>(function PasswordField(props, ref) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      inputRef={ref}
      type={isVisible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
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
          ),
        },
      }}
    />
  );
});
