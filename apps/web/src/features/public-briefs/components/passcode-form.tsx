import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { UnlockPublicBriefBodySchema, type PublicBrief } from '@tandem/contract';
import { useEffect, useState } from 'react';
import { FormTextField } from '@/components/ui/form-text-field';
import { isApiError } from '@/lib/api-error';
import { formatRelativeTime } from '@/lib/relative-time';
import { useZodForm } from '@/lib/use-zod-form';
import { useUnlockPublicBrief } from '../api/unlock-public-brief';

/** Props of {@link PasscodeForm}. */
export interface PasscodeFormProps {
  linkId: string;
  /** The passcode was right: the brief to show. */
  onUnlocked: (brief: PublicBrief) => void;
  /** The link stopped working meanwhile (410): the page shows "This link is no longer active". */
  onInactive: () => void;
}

/** When a throttled visitor may try again, as "in 15 minutes" (the API's Retry-After), or null when it did not say. */
function describeWait(retryAfterSeconds: number | null): string | null {
  if (retryAfterSeconds === null) return null;
  const now = Date.now();
  return formatRelativeTime(new Date(now + Math.max(retryAfterSeconds, 60) * 1000).toISOString(), now);
}

/**
 * The passcode prompt of a protected share link (issue #9): one field, "Open brief". A wrong
 * passcode says so on the field; after 10 wrong in a row the API refuses for up to 15 minutes
 * (429) and the form says how long to wait. Nothing is stored: a reload asks again.
 */
export function PasscodeForm({ linkId, onUnlocked, onInactive }: PasscodeFormProps) {
  const unlock = useUnlockPublicBrief();
  const form = useZodForm(UnlockPublicBriefBodySchema, { defaultValues: { passcode: '' } });
  const [lockedMessage, setLockedMessage] = useState<string | null>(null);
  const { setFocus } = form;
  useEffect(() => setFocus('passcode'), [setFocus]);

  const handleSubmit = form.handleSubmit(async ({ passcode }) => {
    setLockedMessage(null);
    try {
      onUnlocked(await unlock.mutateAsync({ linkId, passcode }));
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 410) return onInactive();
      if (error.status === 429) {
        const wait = describeWait(error.retryAfterSeconds);
        setLockedMessage(`Too many wrong passcodes. ${wait ? `Try again ${wait}.` : 'Try again later.'}`);
        return;
      }
      const message = error.status === 401 ? "That passcode isn't right. Check it with the person who shared the link." : error.message;
      form.setError('passcode', { type: 'server', message }, { shouldFocus: true });
    }
  });

  return (
    <Box sx={{ maxWidth: 420, mx: 'auto', py: { xs: 2, sm: 6 } }}>
      <title>Protected brief · Tandem</title>
      <LockOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mt: 1, mb: 1 }}>
        This brief is protected
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Enter the passcode you were given with the link.
      </Typography>
      {lockedMessage && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {lockedMessage}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Unlock the brief" sx={{ display: 'grid', gap: 2 }}>
        <FormTextField
          label="Passcode"
          type="password"
          autoComplete="off"
          registration={form.register('passcode')}
          fieldError={form.formState.errors.passcode}
        />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          Open brief
        </Button>
      </Box>
    </Box>
  );
}
