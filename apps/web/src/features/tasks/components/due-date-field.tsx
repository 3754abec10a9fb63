import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS } from 'date-fns/locale/en-US';

/** Props of {@link DueDateField}. */
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

/**
 * A due date typed as mm/dd/yyyy or picked from the calendar (MUI X DatePicker, date-fns adapter,
 * US format). Clearable; shows its validation message under the field.
 */
export function DueDateField({ label = 'Due date', value, onChange, onBlur, error, disabled, size, inputRef }: DueDateFieldProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS} localeText={localeText}>
      <DatePicker
        label={label}
        value={value}
        onChange={(next) => onChange(next)}
        format="MM/dd/yyyy"
        disabled={disabled}
        inputRef={inputRef}
        slotProps={{
          field: { clearable: true, onBlur },
          textField: {
            size,
            error: Boolean(error),
            helperText: error,
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
