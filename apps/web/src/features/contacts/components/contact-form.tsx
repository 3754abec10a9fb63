import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  CONTACT_COMPANY_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  CONTACT_NOTES_MAX,
  CONTACT_TAG_MAX,
  CONTACT_TITLE_MAX,
  type Contact,
  type CreateContactBody,
} from '@tandem/contract';
import { useEffect, useId, useMemo } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useZodForm } from '@/lib/use-zod-form';
import {
  contactFormFields,
  ContactFormSchema,
  getBrowserTimeZone,
  listTimeZones,
  toContactFormValues,
  type ContactFormValues,
} from '../utils/contact-form';
import { weekdayLabels } from '../utils/contact-format';
import { MultilineTextField } from '@/components/ui/multiline-text-field';

/** Props of {@link ContactForm}. */
export interface ContactFormProps {
  /** The person being edited, or null for a new one. */
  contact: Contact | null;
  submitLabel: string;
  /** Sends the body; a rejection with errorData puts its messages on the fields (the form stays as typed). */
  onSubmit: (body: CreateContactBody) => Promise<unknown>;
  onCancel: () => void;
  /** The accessible name of the form. */
  label: string;
}

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** "Europe/Paris" as "Europe / Paris"-ish readable text. */
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/**
 * The person form (issue #10; PRODUCT §2 Contact): first and last name, email, title, company, time
 * zone (a searchable list of the browser's IANA zones, the viewer's by default), working hours
 * (start, end, days), tags, notes. Checked with the contract's schema; the server's field messages
 * (409 EMAIL_TAKEN on email too) land on their fields.
 */
export function ContactForm({ contact, submitLabel, onSubmit, onCancel, label }: ContactFormProps) {
  const form = useZodForm(ContactFormSchema, { defaultValues: toContactFormValues(contact, getBrowserTimeZone()) });
  // A zone the browser does not list (e.g. the default "UTC" on some engines) stays choosable.
  const initialZone = contact?.timeZone;
  const zones = useMemo(() => {
    const listed = listTimeZones();
    return initialZone && !listed.includes(initialZone) ? [initialZone, ...listed] : listed;
  }, [initialZone]);
  const { register, control, formState, setFocus } = form;
  const daysLabelId = useId();
  useEffect(() => setFocus('firstName'), [setFocus]);

  const tagAliases = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`tags.${index}`, 'tags' as const]));
  const handleSubmit = form.handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      applyFieldErrors<ContactFormValues>(error, contactFormFields as readonly FieldPath<ContactFormValues>[], form.setError, tagAliases);
    }
  });
  const errors = formState.errors;
  const text = (name: 'firstName' | 'lastName' | 'email' | 'title' | 'company', fieldLabel: string, max: number, extra: object = {}) => {
    const { ref, ...field } = register(name);
    return (
      <TextField
        {...field}
        {...extra}
        inputRef={ref}
        label={fieldLabel}
        error={Boolean(errors[name])}
        helperText={errors[name]?.message}
        fullWidth
        slotProps={{ htmlInput: { maxLength: max + 20 } }}
      />
    );
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={label}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('firstName', 'First name', CONTACT_NAME_MAX, { required: true, autoComplete: 'off' })}
        {text('lastName', 'Last name', CONTACT_NAME_MAX, { autoComplete: 'off' })}
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          {text('email', 'Email', CONTACT_EMAIL_MAX, {
            type: 'email',
            autoComplete: 'off',
            placeholder: 'dana@example.com',
          })}
        </Box>
        {text('title', 'Title', CONTACT_TITLE_MAX, { placeholder: 'VP Sales' })}
        {text('company', 'Company', CONTACT_COMPANY_MAX)}
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Autocomplete
              options={zones}
              value={field.value}
              disableClearable
              getOptionLabel={zoneLabel}
              onChange={(_event, zone) => field.onChange(zone)}
              onBlur={field.onBlur}
              sx={{ gridColumn: { sm: '1 / -1' } }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label="Time zone"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Reminders reach them in working hours of this zone.'}
                />
              )}
            />
          )}
        />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <Typography component="p" variant="subtitle2" sx={{ mb: 1.5 }}>
            Working hours
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
            {(['start', 'end'] as const).map((edge) => {
              const { ref, ...field } = register(`workingHours.${edge}`);
              const error = errors.workingHours?.[edge]?.message;
              return (
                <TextField
                  key={edge}
                  {...field}
                  inputRef={ref}
                  type="time"
                  label={edge === 'start' ? 'Starts' : 'Ends'}
                  error={Boolean(error)}
                  helperText={error}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              );
            })}
          </Box>
          <Controller
            control={control}
            name="workingHours.days"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)} sx={{ mt: 2, display: 'block' }}>
                <FormLabel component="legend" id={daysLabelId} sx={{ mb: 1 }}>
                  Working days
                </FormLabel>
                <ToggleButtonGroup
                  aria-labelledby={daysLabelId}
                  value={field.value}
                  onChange={(_event, days: number[]) => field.onChange([...days].sort((a, b) => a - b))}
                  size="small"
                  sx={{ flexWrap: 'wrap' }}
                >
                  {DAYS.map((day) => (
                    <ToggleButton key={day} value={day} sx={{ minWidth: 44, minHeight: 44 }}>
                      {weekdayLabels[day]}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
        </Box>
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              freeSolo
              options={[] as string[]}
              value={field.value ?? []}
              onChange={(_event, tags) => field.onChange(tags.map((tag) => tag.trim()).filter(Boolean))}
              onBlur={field.onBlur}
              sx={{ gridColumn: { sm: '1 / -1' } }}
              renderValue={(tags, getItemProps) =>
                tags.map((tag, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={tag} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label="Tags"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Type a tag and press Enter (e.g. board, vp).'}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: CONTACT_TAG_MAX } }}
                />
              )}
            />
          )}
        />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          {(() => {
            const { ref, ...field } = register('notes');
            return (
              <MultilineTextField
                {...field}
                inputRef={ref}
                label="Notes"
                minRows={3}
                fullWidth
                error={Boolean(errors.notes)}
                helperText={errors.notes?.message ?? 'Only your workspace sees these.'}
                slotProps={{ htmlInput: { maxLength: CONTACT_NOTES_MAX } }}
              />
            );
          })()}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 4 }}>
        <Button color="inherit" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
