import EventOutlined from '@mui/icons-material/EventOutlined';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import type { TaskStatus } from '@tandem/contract';
import { useMemo } from 'react';
import { describeDueDate } from '../utils/due-date';

/** Props of {@link DueDateLabel}. */
export interface DueDateLabelProps {
  dueDate: string | null;
  status: TaskStatus;
}

/**
 * A task's due date in words (issue #4): overdue in red with an alert icon and "Overdue · was due …",
 * due soon in amber with a clock and "Due today / tomorrow / in N days", otherwise plain. The
 * text says it, so colour is never the only signal. Nothing when there is no due date.
 */
export function DueDateLabel({ dueDate, status }: DueDateLabelProps) {
  const { state, label } = useMemo(() => describeDueDate(dueDate, status === 'DONE', new Date()), [dueDate, status]);
  if (state === 'none') return null;
  const Icon = state === 'overdue' ? ReportOutlined : state === 'soon' ? ScheduleOutlined : EventOutlined;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        fontSize: '0.8125rem',
        fontWeight: state === 'overdue' || state === 'soon' ? 600 : 400,
        color: state === 'overdue' ? 'error.main' : state === 'soon' ? 'warning.main' : 'text.secondary',
        whiteSpace: 'nowrap',
      }}
    >
      <Icon sx={{ fontSize: 16 }} aria-hidden />
      {label}
    </Box>
  );
}
