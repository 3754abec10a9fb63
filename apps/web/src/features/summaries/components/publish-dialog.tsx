import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { SUMMARY_LINK_DEFAULT_DAYS, type PublishSummaryBody } from '@tandem/contract';
import { endOfDay, isValid } from 'date-fns';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { DueDateField } from '@/features/tasks';
import { isApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import { showToast } from '@/lib/toast-store';
import { usePublishSummary } from '../api/publish-summary';

type Expiry = 'default' | 'never' | 'date';

/** Props of {@link PublishDialog}. */
export interface PublishDialogProps {
  open: boolean;
  workspaceId: string;
  summaryId: string;
  version: number;
  /** "Publish changes" refreshes the public copy on the same link. */
  isRepublish: boolean;
  onClose: () => void;
}

/**
 * Publishes a summary to /s/{id} (issue #11; PRODUCT §2 PublicLink): the link expires after 30 days
 * (the default), never, or at the end of a chosen day. The server's refusals (400 per issue or
 * expiresAt, 409 links off or a confidential scope) are shown in the dialog.
 */
export function PublishDialog({ open, workspaceId, summaryId, version, isRepublish, onClose }: PublishDialogProps) {
  const publish = usePublishSummary(workspaceId, summaryId);
  const [expiry, setExpiry] = useState<Expiry>('default');
  const [date, setDate] = useState<Date | null>(null);
  const [dateError, setDateError] = useState<string | undefined>();

  const handleClose = () => {
    publish.reset();
    setDateError(undefined);
    onClose();
  };

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: PublishSummaryBody = { version };
    if (expiry === 'never') body.expiresAt = null;
    if (expiry === 'date') {
      if (!date || !isValid(date)) {
        setDateError('Enter the date as mm/dd/yyyy.');
        return;
      }
      body.expiresAt = endOfDay(date).toISOString();
    }
    setDateError(undefined);
    publish.mutate(body, {
      onSuccess: () => {
        showToast(isRepublish ? 'The public page now shows these changes.' : 'The summary is published.', 'success');
        handleClose();
      },
    });
  };

  const failure = publish.error;
  const fieldErrors = failure && isApiError(failure) && failure.status === 400 ? Object.values(failure.errorData ?? {}) : [];
  return (
    <FormDialog
      open={open}
      title={isRepublish ? 'Publish changes' : 'Publish summary'}
      submitLabel={isRepublish ? 'Publish changes' : 'Publish'}
      onSubmit={handleSubmit}
      onClose={handleClose}
      isSubmitting={publish.isPending}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Anyone with the link can read the summary, with your hidden names and lines replaced.
        </Typography>
        {failure && (
          <Alert severity="error">
            {fieldErrors.length > 0 ? fieldErrors.map((message) => <div key={message}>{message}</div>) : getApiErrorMessage(failure)}
          </Alert>
        )}
        {!isRepublish && (
          <RadioGroup aria-label="The link expires" value={expiry} onChange={(event) => setExpiry(event.target.value as Expiry)}>
            <FormControlLabel value="default" control={<Radio />} label={`After ${SUMMARY_LINK_DEFAULT_DAYS} days`} />
            <FormControlLabel value="never" control={<Radio />} label="Never" />
            <FormControlLabel value="date" control={<Radio />} label="On a date" />
          </RadioGroup>
        )}
        {!isRepublish && expiry === 'date' && <DueDateField label="Expires on" value={date} onChange={setDate} error={dateError} />}
      </Box>
    </FormDialog>
  );
}
