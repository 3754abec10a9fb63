import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { ShareLink } from '@tandem/contract';
import { enUS } from 'date-fns/locale/en-US';
import { useId, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { isApiError } from '@/lib/api-error';
import { useZodForm } from '@/lib/use-zod-form';
import { useCreateShareLink } from '../api/create-share-link';
import {
  describeDefaultExpiry,
  getDefaultExpiry,
  getEmptyShareLinkForm,
  ShareLinkFormSchema,
  toCreateShareLinkBody,
} from '../utils/share-links';

/** Props of {@link ShareLinkForm}. */
export interface ShareLinkFormProps {
  workspaceId: string;
  briefId: string;
  /** The brief's meeting (ISO or null): the default expiry is 7 days after it. */
  meetingAt: string | null;
  /** False while the workspace's public links are off (the server would refuse). */
  isEnabled: boolean;
  onCreated: (link: ShareLink) => void;
}

/**
 * "New link" of the share dialog (issue #9): an optional label ("for the board chair"), the expiry
 * — the default, written out ("Expires 7 days after the meeting (Mar 19)"), a date and time, or
 * never — and an optional passcode (6+ characters; stored hashed, never shown again).
 */
export function ShareLinkForm({ workspaceId, briefId, meetingAt, isEnabled, onCreated }: ShareLinkFormProps) {
  const expiryLabelId = useId();
  const defaultExpiry = useMemo(() => getDefaultExpiry(meetingAt), [meetingAt]);
  const emptyForm = useMemo(() => getEmptyShareLinkForm(defaultExpiry), [defaultExpiry]);
  const create = useCreateShareLink({ meta: { errorToast: (error) => !error.errorData } });
  const form = useZodForm(ShareLinkFormSchema, { defaultValues: emptyForm });
  const expiry = useWatch({ control: form.control, name: 'expiry' });
  const isDefaultPast = defaultExpiry.kind === 'after-meeting' && defaultExpiry.isPast;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const link = await create.mutateAsync({ workspaceId, briefId, body: toCreateShareLinkBody(values) });
      form.reset(emptyForm);
      onCreated(link);
    } catch (error) {
      if (!isApiError(error) || !error.errorData) return;
      for (const [key, message] of Object.entries(error.errorData)) {
        if (key === 'label' || key === 'passcode') form.setError(key, { type: 'server', message });
        if (key === 'expiresAt') {
          form.setValue('expiry', 'date');
          form.setError('expiresAt', { type: 'server', message });
        }
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label="New link" sx={{ display: 'grid', gap: 2 }}>
      <Controller
        control={form.control}
        name="label"
        render={({ field: { ref, ...input }, fieldState }) => (
          <TextField
            {...input}
            inputRef={ref}
            label="Label (optional)"
            placeholder="For the board chair"
            disabled={!isEnabled}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'Only you and your team see it, to tell links apart.'}
          />
        )}
      />
      <FormControl disabled={!isEnabled}>
        <FormLabel id={expiryLabelId}>Expires</FormLabel>
        <Controller
          control={form.control}
          name="expiry"
          render={({ field }) => (
            <RadioGroup {...field} aria-labelledby={expiryLabelId}>
              <FormControlLabel
                value="default"
                control={<Radio />}
                disabled={isDefaultPast}
                label={isDefaultPast ? `${describeDefaultExpiry(defaultExpiry)} — already passed` : describeDefaultExpiry(defaultExpiry)}
              />
              <FormControlLabel value="date" control={<Radio />} label="On a date I choose" />
              <FormControlLabel value="never" control={<Radio />} label="Never" />
            </RadioGroup>
          )}
        />
      </FormControl>
      {expiry === 'date' && (
        <Controller
          control={form.control}
          name="expiresAt"
          render={({ field, fieldState }) => (
            <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS}>
              <DateTimePicker
                label="Expires on"
                value={field.value}
                onChange={(value) => field.onChange(value)}
                disablePast
                inputRef={field.ref}
                disabled={!isEnabled}
                format="MM/dd/yyyy hh:mm a"
                slotProps={{
                  field: { onBlur: field.onBlur },
                  textField: {
                    fullWidth: true,
                    error: Boolean(fieldState.error),
                    helperText: fieldState.error?.message ?? 'On your clock.',
                  },
                }}
              />
            </LocalizationProvider>
          )}
        />
      )}
      <Controller
        control={form.control}
        name="passcode"
        render={({ field: { ref, ...input }, fieldState }) => (
          <TextField
            {...input}
            inputRef={ref}
            label="Passcode (optional)"
            autoComplete="off"
            disabled={!isEnabled}
            slotProps={{ htmlInput: { spellCheck: false } }}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'At least 6 characters. Send it separately from the link; it cannot be shown again.'}
          />
        )}
      />
      <Box>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting} disabled={!isEnabled}>
          Create link
        </Button>
      </Box>
    </Box>
  );
}
