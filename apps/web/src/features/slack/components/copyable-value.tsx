import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, type FocusEvent } from 'react';
import { showToast } from '@/lib/toast-store';

/** Props of {@link CopyableValue}. */
export interface CopyableValueProps {
  /** What the value is, e.g. "Redirect URL"; names the field and its copy button. */
  label: string;
  /** Where it goes, e.g. "OAuth & Permissions → Redirect URLs". */
  hint: string;
  value: string;
}

/**
 * A value to paste elsewhere (the Slack app's settings): its label, a read-only field that selects
 * itself on focus, a "Copy" button, and where the value goes.
 */
export function CopyableValue({ label, hint, value }: CopyableValueProps) {
  const labelId = useId();
  const hintId = useId();

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(`${label} copied.`, 'success');
    } catch {
      showToast(`We couldn't copy the ${label.toLowerCase()}. Select it and copy it yourself.`, 'error');
    }
  };

  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
        <Box
          component="input"
          readOnly
          value={value}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          onFocus={(event: FocusEvent<HTMLInputElement>) => event.currentTarget.select()}
          sx={{
            flex: '1 1 260px',
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
        <Button size="small" variant="outlined" startIcon={<ContentCopy />} onClick={() => void handleCopy()} aria-label={`Copy ${label}`}>
          Copy
        </Button>
      </Box>
      <Typography id={hintId} variant="caption" color="text.secondary">
        {hint}
      </Typography>
    </Box>
  );
}
