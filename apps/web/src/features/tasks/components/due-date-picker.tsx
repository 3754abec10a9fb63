import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { CALENDAR_DATE_RANGE_MESSAGE, CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN } from '@tandem/contract';
import { enUS } from 'date-fns/locale/en-US';
import { useForkRef } from '@mui/material/utils';
import { useRef, useState } from 'react';

/** Props of {@link DueDatePicker} and of {@link DueDateField} (./due-date-field). */
export interface DueDateFieldProps {
  label?: string;
  /** null = no due date; an invalid Date while the typed date is incomplete. */
  value: Date | null;
  onChange: (value: Date | null) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  inputRef?: React.Ref<HTMLInputElement>;
}

/** The field's empty sections read "mm/dd/yyyy" (seed §5: the date input's placeholder). */
const localeText = {
  fieldMonthPlaceholder: () => 'mm',
  fieldDayPlaceholder: () => 'dd',
  fieldYearPlaceholder: (params: { digitAmount: number }) => 'y'.repeat(params.digitAmount),
};

/** The contract's first and last allowed days (issue #8), as the picker's bounds. */
const MIN_DATE = new Date(CALENDAR_YEAR_MIN, 0, 1);
const MAX_DATE = new Date(CALENDAR_YEAR_MAX, 11, 31);

/**
 * A due date typed as mm/dd/yyyy or picked from the calendar (MUI X DatePicker, date-fns adapter,
 * US format). Clearable; shows its validation message under the field. The calendar stays within
 * the contract's years, and a typed date outside them (13/45/20 → 03/04/0020) is flagged at once
 * with the contract's message; the form's schema (utils/task-form.ts) refuses it on submit, so it
 * is never saved. An incomplete typed date (03/04/yyyy) is reported as an Invalid Date when the
 * field is left, so the form refuses it rather than saving no date. `error` (the form's message)
 * wins over the field's own. Rendered through the lazy {@link DueDateField} (./due-date-field).
 */
export function DueDatePicker({ label = 'Due date', value, onChange, onBlur, error, disabled, size, inputRef }: DueDateFieldProps) {
  const [isOutOfRange, setOutOfRange] = useState(false);
  const shownError = error ?? (isOutOfRange ? CALENDAR_DATE_RANGE_MESSAGE : undefined);
  // MUI's hidden input holds the typed sections ('' when all are empty).
  const sectionsInput = useRef<HTMLInputElement>(null);
  const ref = useForkRef(inputRef, sectionsInput);
  const handleBlur = () => {
    // MUI keeps the value null while a date typed into an empty field is incomplete.
    if (value === null && sectionsInput.current?.value) onChange(new Date(Number.NaN));
    onBlur?.();
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS} localeText={localeText}>
      <DatePicker
        label={label}
        value={value}
        onChange={(next) => onChange(next)}
        format="MM/dd/yyyy"
        minDate={MIN_DATE}
        maxDate={MAX_DATE}
        onError={(reason) => setOutOfRange(reason === 'minDate' || reason === 'maxDate')}
        disabled={disabled}
        inputRef={ref}
        slotProps={{
          field: { clearable: true, onBlur: handleBlur },
          textField: {
            size,
            error: Boolean(shownError),
            helperText: shownError,
            fullWidth: true,
            // The label stays up so "mm/dd/yyyy" always shows; the sections match the 48 px text fields (seed §9).
            slotProps: { inputLabel: { shrink: true } },
            sx: size === 'small' ? undefined : { '& .MuiPickersSectionList-root': { py: '12.5px' } },
          },
        }}
      />
    </LocalizationProvider>
  );
}
