import TextField from '@mui/material/TextField';
import { lazyField } from '@/lib/lazy-field';
import type { DueDateFieldProps } from './due-date-picker';

export type { DueDateFieldProps } from './due-date-picker';

/**
 * A due date typed as mm/dd/yyyy or picked from the calendar ({@link DueDatePicker}). MUI X's date
 * picker (its chunk is the largest of /tasks) loads with the first date field shown, not with the
 * page: on a phone /tasks shows none until a title is typed (issue #13). Meanwhile a disabled field
 * of the same label, size and message holds its place ({@link lazyField}).
 */
export const DueDateField = lazyField(() => import('./due-date-picker').then((module) => module.DueDatePicker), DueDateFieldPlaceholder);

/** Starts loading the date picker's code: call it when a date field is about to show (issue #13). */
export const preloadDueDateField: () => void = DueDateField.preload;

function DueDateFieldPlaceholder({ label = 'Due date', error, size }: DueDateFieldProps) {
  return (
    <TextField
      label={label}
      placeholder="mm/dd/yyyy"
      disabled
      fullWidth
      size={size}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
