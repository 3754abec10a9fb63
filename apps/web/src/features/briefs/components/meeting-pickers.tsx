import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { enUS } from 'date-fns/locale/en-US';
import { useMemo } from 'react';
import { formatTimeZone, listTimeZones } from '../utils/meeting-time';
import type { MeetingFieldsProps } from './meeting-fields';

/** Empty sections read "mm/dd/yyyy" and "hh:mm aa" (seed §5: the date input's placeholder). */
const localeText = {
  fieldMonthPlaceholder: () => 'mm',
  fieldDayPlaceholder: () => 'dd',
  fieldYearPlaceholder: (params: { digitAmount: number }) => 'y'.repeat(params.digitAmount),
  fieldHoursPlaceholder: () => 'hh',
  fieldMinutesPlaceholder: () => 'mm',
  fieldMeridiemPlaceholder: () => 'aa',
};

/**
 * A meeting's date, time and time zone (issue #9: `meetingAt` with a time zone): MUI X pickers on
 * the date-fns adapter, US format (mm/dd/yyyy, 12-hour clock), as the tasks' due date field; the
 * zone is picked from the browser's IANA list. The date and time are the wall clock in that zone
 * (utils/meeting-time.ts turns them into the instant). Both clearable; one column on phones.
 * Loaded on first render through {@link MeetingFields} (./meeting-fields).
 */
export function MeetingPickers({ value, onChange, error, disabled, size }: MeetingFieldsProps) {
  const zones = useMemo(() => listTimeZones(), []);
  const zoneLabels = useMemo(() => new Map(zones.map((zone) => [zone, formatTimeZone(zone)])), [zones]);
  const textField = {
    size,
    fullWidth: true,
    slotProps: { inputLabel: { shrink: true } },
  } as const;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS} localeText={localeText}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <DatePicker
          label="Meeting date"
          value={value.date}
          onChange={(date) => onChange({ ...value, date })}
          format="MM/dd/yyyy"
          disabled={disabled}
          slotProps={{ field: { clearable: true }, textField: { ...textField, error: Boolean(error), helperText: error ?? undefined } }}
        />
        <TimePicker
          label="Meeting time"
          value={value.time}
          onChange={(time) => onChange({ ...value, time })}
          format="hh:mm aa"
          disabled={disabled}
          slotProps={{ field: { clearable: true }, textField }}
        />
        <Autocomplete
          options={zones}
          value={value.timeZone}
          disableClearable
          disabled={disabled}
          size={size}
          getOptionLabel={(zone) => zoneLabels.get(zone) ?? zone}
          onChange={(_event, timeZone) => onChange({ ...value, timeZone })}
          renderInput={(params) => <TextField {...params} label="Time zone" />}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </Box>
    </LocalizationProvider>
  );
}
