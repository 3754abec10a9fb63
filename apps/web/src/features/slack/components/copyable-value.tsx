import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { CopyField } from '@/components/ui/copy-field';

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

  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box sx={{ mt: 0.5 }}>
        <CopyField
          value={value}
          name={label}
          buttonText="Copy"
          buttonLabel={`Copy ${label}`}
          fieldLabelledBy={labelId}
          fieldDescribedBy={hintId}
        />
      </Box>
      <Typography id={hintId} variant="caption" color="text.secondary">
        {hint}
      </Typography>
    </Box>
  );
}
