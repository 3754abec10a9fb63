import Box from '@mui/material/Box';
import { taskPriorityLabels, type TaskPriority } from '@tandem/contract';

/** Props of {@link PriorityLabel}. */
export interface PriorityLabelProps {
  priority: TaskPriority;
}

const tone: Record<TaskPriority, string> = { LOW: 'text.secondary', MEDIUM: 'text.secondary', HIGH: 'warning.main', URGENT: 'error.main' };

/** "Urgent priority" and friends: a small outlined label whose words carry the meaning, the colour only echoes it. */
export function PriorityLabel({ priority }: PriorityLabelProps) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        px: 0.75,
        py: 0.125,
        borderRadius: '6px',
        border: '1px solid',
        borderColor: 'divider',
        fontSize: '0.75rem',
        fontWeight: 600,
        color: tone[priority],
        whiteSpace: 'nowrap',
      }}
    >
      {taskPriorityLabels[priority]}
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        &nbsp;priority
      </Box>
    </Box>
  );
}
