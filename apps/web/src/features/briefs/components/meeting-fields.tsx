import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { format } from 'date-fns';
import { lazyField } from '@/lib/lazy-field';
import { formatTimeZone } from '../utils/meeting-time';

/** The meeting as the fields hold it: wall-clock date and time (plain local Dates) and the zone it is held in. */
export interface MeetingValue {
  date: Date | null;
  time: Date | null;
  timeZone: string;
}

/** Props of {@link MeetingFields}. */
export interface MeetingFieldsProps {
  value: MeetingValue;
  onChange: (value: MeetingValue) => void;
  /** Shown under the date field (e.g. "Enter both the date and the time."). */
  error?: string | null;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/**
 * A meeting's date, time and time zone ({@link MeetingPickers}, ./meeting-pickers). MUI X's date and
 * time pickers (a third of one brief's own JavaScript) load with the first meeting fields shown, not
 * with the brief page (issue #13). Meanwhile disabled fields of the same labels, sizes, values and
 * message hold their place ({@link lazyField}).
 */
export const MeetingFields = lazyField(() => import('./meeting-pickers').then((module) => module.MeetingPickers), MeetingFieldsPlaceholder);

/** Starts loading the pickers' code: call it when meeting fields are about to show (issue #13). */
export const preloadMeetingFields: () => void = MeetingFields.preload;

function MeetingFieldsPlaceholder({ value, error, size }: MeetingFieldsProps) {
  const field = { size, fullWidth: true, disabled: true, slotProps: { inputLabel: { shrink: true } } } as const;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        {...field}
        label="Meeting date"
        placeholder="mm/dd/yyyy"
        value={value.date ? format(value.date, 'MM/dd/yyyy') : ''}
        error={Boolean(error)}
        helperText={error ?? undefined}
      />
      <TextField {...field} label="Meeting time" placeholder="hh:mm aa" value={value.time ? format(value.time, 'hh:mm aa') : ''} />
      <TextField {...field} label="Time zone" value={formatTimeZone(value.timeZone)} sx={{ gridColumn: { sm: '1 / -1' } }} />
    </Box>
  );
}
