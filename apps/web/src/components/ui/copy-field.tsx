import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FocusEvent, Ref } from 'react';
import { showToast } from '@/lib/toast-store';

/** Props of {@link CopyField}. */
export interface CopyFieldProps {
  value: string;
  /** What is copied, as the toasts say it: "Link" → "Link copied." / "We couldn't copy the link. …". */
  name: string;
  /** The button's text, e.g. "Copy link". */
  buttonText: string;
  /** The button's accessible name when its text alone is too vague (e.g. "Copy Redirect URL"). */
  buttonLabel?: string;
  /** Lets the caller focus the button (e.g. right after the value was made). */
  buttonRef?: Ref<HTMLButtonElement>;
  /** How the field is named: its own label, or the ids of the label and hint that name it. */
  fieldLabel?: string;
  fieldLabelledBy?: string;
  fieldDescribedBy?: string;
}

/**
 * A read-only field holding `value` that selects itself on focus, and a button that copies it to the
 * clipboard with a toast (success, or how to copy it by hand when the clipboard refuses).
 */
export function CopyField({
  value,
  name,
  buttonText,
  buttonLabel,
  buttonRef,
  fieldLabel,
  fieldLabelledBy,
  fieldDescribedBy,
}: CopyFieldProps) {
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(`${name} copied.`, 'success');
    } catch {
      showToast(`We couldn't copy the ${name.toLowerCase()}. Select it and copy it yourself.`, 'error');
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Box
        component="input"
        readOnly
        value={value}
        aria-label={fieldLabel}
        aria-labelledby={fieldLabelledBy}
        aria-describedby={fieldDescribedBy}
        onFocus={(event: FocusEvent<HTMLInputElement>) => event.currentTarget.select()}
        sx={{
          flex: '1 1 240px',
          minWidth: 0,
          font: 'inherit',
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
          color: 'text.primary',
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1,
          py: 0.75,
        }}
      />
      <Button
        ref={buttonRef}
        size="small"
        variant="outlined"
        startIcon={<ContentCopy />}
        onClick={() => void handleCopy()}
        aria-label={buttonLabel}
      >
        {buttonText}
      </Button>
    </Box>
  );
}
