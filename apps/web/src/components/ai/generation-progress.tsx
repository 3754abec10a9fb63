import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { GenerationProgress as Progress } from '@tandem/contract';

/** Props of {@link GenerationProgress}. */
export interface GenerationProgressProps {
  /** What is being generated, e.g. "Generating the summary". */
  label: string;
  /** The server's last progress report, null before the first. */
  progress: Progress | null;
  onCancel: () => void;
}

/**
 * A running AI generation (issue #11 "progress while generating; a generation can be cancelled"):
 * a progress bar (determinate when the server knows the fraction), the server's message and, when
 * the model streams, the last words it wrote; announced politely to screen readers. "Cancel" stops
 * it on the server too.
 */
export function GenerationProgress({ label, progress, onCancel }: GenerationProgressProps) {
  const fraction = progress?.fraction;
  const partial = progress?.partialText?.slice(-240);
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1, py: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
          {progress ? ` — ${progress.message}` : '…'}
        </Typography>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Box>
      <LinearProgress
        aria-label={label}
        variant={fraction === undefined ? 'indeterminate' : 'determinate'}
        value={fraction === undefined ? undefined : Math.round(fraction * 100)}
      />
      {partial && (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {partial}
        </Typography>
      )}
    </Box>
  );
}
