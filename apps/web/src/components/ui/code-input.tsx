import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

/** Props of {@link CodeInput}. */
export interface CodeInputProps {
  /** The digits typed so far (at most `length`). */
  value: string;
  onChange: (value: string) => void;
  /** Called once all boxes are filled, with the full code (the form submits itself). */
  onComplete?: (code: string) => void;
  /** Number of boxes (seed §9: 6 by default). */
  length?: number;
  disabled?: boolean;
  /** Error text under the boxes. */
  error?: string;
  /** Focus the first box on mount (the code screen exists to type the code). */
  shouldFocusFirst?: boolean;
}

/**
 * The one-box-per-digit code input (seed §9): a group labelled "Verification code", each box
 * "Digit N of 6", numeric keyboard, auto-advance on type, Backspace goes back, pasting the code
 * fills every box, and a complete code calls `onComplete`.
 */
export function CodeInput({ value, onChange, onComplete, length = 6, disabled = false, error, shouldFocusFirst = false }: CodeInputProps) {
  const labelId = useId();
  const errorId = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, index) => value[index] ?? '');

  useEffect(() => {
    if (shouldFocusFirst) inputs.current[0]?.focus();
  }, [shouldFocusFirst]);

  // After a rejected code the boxes are emptied: put the caret back in the first one.
  useEffect(() => {
    if (error && !disabled) inputs.current[0]?.focus();
  }, [error, disabled]);

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string, focusIndex: number) => {
    const clean = next.replace(/\D/g, '').slice(0, length);
    onChange(clean);
    focusBox(focusIndex);
    if (clean.length === length) onComplete?.(clean);
  };

  const handleInput = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, '');
    if (typed === '') {
      commit(value.slice(0, index) + value.slice(index + 1), index);
      return;
    }
    // Autofill or typing into a filled box may deliver several digits at once.
    const before = value.slice(0, index);
    const next = (before + typed).slice(0, length);
    commit(next, Math.min(next.length, length - 1));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) commit(value.slice(0, index), index);
      else if (index > 0) commit(value.slice(0, index - 1), index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!pasted) return;
    event.preventDefault();
    const next = pasted.slice(0, length);
    commit(next, Math.min(next.length, length - 1));
  };

  return (
    <Box>
      <Typography id={labelId} component="div" variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        Verification code
      </Typography>
      <Box
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        sx={{ display: 'flex', gap: { xs: 0.75, sm: 1.25 }, justifyContent: 'space-between' }}
      >
        {digits.map((digit, index) => (
          <Box
            key={index}
            component="input"
            ref={(element: HTMLInputElement | null) => {
              inputs.current[index] = element;
            }}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            maxLength={length}
            disabled={disabled}
            value={digit}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => handleInput(index, event.target.value)}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => handleKeyDown(index, event)}
            onPaste={handlePaste}
            onFocus={(event: React.FocusEvent<HTMLInputElement>) => event.target.select()}
            sx={(theme) => ({
              width: '100%',
              minWidth: 0,
              maxWidth: 56,
              height: 56,
              textAlign: 'center',
              fontSize: '1.5rem',
              fontWeight: 600,
              fontFamily: 'inherit',
              color: 'text.primary',
              bgcolor: 'background.paper',
              border: '1px solid',
              borderColor: error ? 'error.main' : alpha(theme.palette.text.primary, 0.24),
              borderRadius: '12px',
              outline: 'none',
              transition: 'border-color 120ms, box-shadow 120ms',
              '&:focus': {
                borderColor: 'primary.main',
                boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.25)}`,
              },
              '&:disabled': { opacity: 0.6 },
            })}
          />
        ))}
      </Box>
      {error && (
        <Typography id={errorId} variant="body2" color="error" sx={{ mt: 1 }} role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}
