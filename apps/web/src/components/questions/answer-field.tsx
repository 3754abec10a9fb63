import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { OPEN_TEXT_ANSWER_MAX, type AnswerValue, type QuestionItem } from '@tandem/contract';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { MultilineTextField } from '@/components/ui/multiline-text-field';

/** Props of {@link AnswerField}. */
export interface AnswerFieldProps {
  item: QuestionItem;
  /** The current answer, or null when unanswered. Its shape follows `item.kind` (contract AnswerValue). */
  value: AnswerValue | null;
  /** Called on every change; null clears the answer (e.g. an emptied text box or date). */
  onChange: (value: AnswerValue | null) => void;
  /** Called when a text or date box loses focus (a good moment to save without waiting). */
  onBlur?: () => void;
  disabled?: boolean;
  /** The error message of this answer (e.g. from the server's errorData), shown under the field. */
  error?: string | null;
  /** Text under the field when there is no error (e.g. "Saved"). */
  helperText?: ReactNode;
  /** The visible question; default the item's prompt with "(optional)" when not required. */
  label?: ReactNode;
}

const SCALE = [1, 2, 3, 4, 5] as const;

/**
 * One answer input per item kind (issue #10): OPEN_TEXT a multi-line text box, SINGLE_CHOICE radio
 * buttons, MULTI_CHOICE checkboxes, SCALE_1_5 five toggle buttons (44 px targets), YES_NO two radio
 * buttons, DATE the browser's date input (YYYY-MM-DD; the phone's own picker). Every input is
 * labelled by the question and described by its error or helper text. Used by the public answer
 * page (/q/{shortUrl}), the composer's preview and "record an answer" on someone's behalf.
 */
export function AnswerField({ item, value, onChange, onBlur, disabled = false, error = null, helperText, label }: AnswerFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const shownLabel = label ?? (
    <>
      {item.prompt}
      {!item.required && <span style={{ fontWeight: 400 }}> (optional)</span>}
    </>
  );
  const help = error ?? helperText;
  const helper = help ? (
    <FormHelperText id={helpId} error={Boolean(error)}>
      {help}
    </FormHelperText>
  ) : null;
  const describedBy = help ? helpId : undefined;
  /** What the text and date boxes share: the label, the value as text (emptied means no answer), the states. */
  const textBox = () => ({
    id,
    label: shownLabel,
    value: typeof value === 'string' ? value : '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value === '' ? null : event.target.value),
    onBlur,
    disabled,
    error: Boolean(error),
    helperText: help,
    required: item.required,
    fullWidth: true,
  });

  switch (item.kind) {
    case 'OPEN_TEXT':
      return (
        <MultilineTextField
          {...textBox()}
          minRows={3}
          slotProps={{ htmlInput: { maxLength: OPEN_TEXT_ANSWER_MAX }, formHelperText: { id: helpId } }}
        />
      );
    case 'DATE':
      return <TextField {...textBox()} type="date" slotProps={{ inputLabel: { shrink: true }, formHelperText: { id: helpId } }} />;
    case 'SINGLE_CHOICE':
    case 'YES_NO': {
      const options =
        item.kind === 'YES_NO'
          ? [
              { key: 'yes', label: 'Yes', value: true as AnswerValue },
              { key: 'no', label: 'No', value: false as AnswerValue },
            ]
          : item.options.map((option) => ({ key: option, label: option, value: option as AnswerValue }));
      const selected = options.find((option) => option.value === value)?.key ?? '';
      return (
        <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} required={item.required} fullWidth>
          <FormLabel component="legend" id={labelId}>
            {shownLabel}
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            row={item.kind === 'YES_NO'}
            value={selected}
            onChange={(event) => onChange(options.find((option) => option.key === event.target.value)?.value ?? null)}
          >
            {options.map((option) => (
              <FormControlLabel key={option.key} value={option.key} control={<Radio />} label={option.label} sx={{ minHeight: 44 }} />
            ))}
          </RadioGroup>
          {helper}
        </FormControl>
      );
    }
    case 'MULTI_CHOICE': {
      const chosen = Array.isArray(value) ? value : [];
      const toggle = (option: string, checked: boolean) => {
        const next = item.options.filter((candidate) => (candidate === option ? checked : chosen.includes(candidate)));
        onChange(next.length === 0 ? null : next);
      };
      return (
        <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} required={item.required} fullWidth>
          <FormLabel component="legend" id={labelId}>
            {shownLabel}
          </FormLabel>
          <FormGroup aria-describedby={describedBy}>
            {item.options.map((option) => (
              <FormControlLabel
                key={option}
                control={<Checkbox checked={chosen.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />}
                label={option}
                sx={{ minHeight: 44 }}
              />
            ))}
          </FormGroup>
          {helper}
        </FormControl>
      );
    }
    case 'SCALE_1_5':
      return (
        <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} required={item.required} fullWidth>
          <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
            {shownLabel}
          </FormLabel>
          <ToggleButtonGroup
            exclusive
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            value={typeof value === 'number' ? value : null}
            onChange={(_event, next: number | null) => onChange(next)}
            disabled={disabled}
          >
            {SCALE.map((point) => (
              <ToggleButton key={point} value={point} aria-label={`${point} of 5`} sx={{ minWidth: 48, minHeight: 44 }}>
                {point}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {helper}
        </FormControl>
      );
  }
}
