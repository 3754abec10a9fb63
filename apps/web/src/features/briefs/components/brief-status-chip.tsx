import Chip from '@mui/material/Chip';
import { briefStatusLabels, type BriefStatus } from '@tandem/contract';

const colors = { DRAFT: 'default', READY: 'info', ACKNOWLEDGED: 'success' } as const satisfies Record<BriefStatus, string>;

/** A brief's status as a small chip (issue #9 "status chips"); the word carries the meaning, the colour only helps. */
export function BriefStatusChip({ status, size = 'small' }: { status: BriefStatus; size?: 'small' | 'medium' }) {
  return <Chip size={size} variant={status === 'DRAFT' ? 'outlined' : 'filled'} color={colors[status]} label={briefStatusLabels[status]} />;
}
