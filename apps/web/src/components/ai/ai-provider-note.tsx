import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import type { AiProviderInfo } from '@tandem/contract';

/** The provider's name as people read it: "Built-in assistant" or "Model: {name}". */
export function providerLabel(provider: Pick<AiProviderInfo, 'kind' | 'model'>): string {
  return provider.kind === 'BUILT_IN' ? 'Built-in assistant' : `Model: ${provider.model ?? 'configured model'}`;
}

/**
 * Who produced a generation (issue #11): a small chip, and a visible notice when the configured
 * model failed and the built-in assistant answered instead (with the reason).
 */
export function AiProviderNote({ provider }: { provider: AiProviderInfo }) {
  if (provider.fellBack) {
    return (
      <Alert severity="info" variant="outlined">
        The configured model could not answer{provider.fallbackReason ? ` (${provider.fallbackReason})` : ''}, so the built-in assistant
        wrote this instead.
      </Alert>
    );
  }
  return <Chip size="small" variant="outlined" label={providerLabel(provider)} />;
}
