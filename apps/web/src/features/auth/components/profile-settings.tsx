import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { AccountNameFormSchema } from '@tandem/contract';
import { useId } from 'react';
import { FormTextField } from '@/components/ui/form-text-field';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { setSessionUser, useSession } from '@/lib/session/session-store';
import { showToast } from '@/lib/toast-store';
import { useZodForm } from '@/lib/use-zod-form';
import { useUpdateProfile } from '../api/update-profile';

/** Props of {@link ProfileSettings}. */
export interface ProfileSettingsProps {
  /** Called after the names were saved (e.g. to refresh lists that show them). */
  onSaved?: () => void;
}

/**
 * The account page's Profile card (issue #8): the person's own first and last name (PATCH
 * v1/profile, the sign-up rules of the contract: trimmed, 1–100 characters; server messages land
 * on their fields) and their email, read-only — it is how they sign in. The saved profile
 * replaces the session's user at once, so the header and the account menu show the new name.
 */
export function ProfileSettings({ onSaved }: ProfileSettingsProps) {
  const headingId = useId();
  const user = useSession((session) => session.user);
  const update = useUpdateProfile({ meta: { errorToast: (error) => !error.errorData?.firstName && !error.errorData?.lastName } });
  const form = useZodForm(AccountNameFormSchema, {
    values: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  if (!user) return null;

  const handleSubmit = form.handleSubmit(async (body) => {
    try {
      const profile = await update.mutateAsync(body);
      setSessionUser(profile);
      form.reset({ firstName: profile.firstName, lastName: profile.lastName });
      showToast('Your name was saved.', 'success');
      onSaved?.();
    } catch (error) {
      applyFieldErrors(error, ['firstName', 'lastName'], form.setError);
    }
  });

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        Profile
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        Your name is shown to the people in your workspaces and in the invitations you send.
      </Typography>
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Your name">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, maxWidth: 640 }}>
          <FormTextField
            label="First name"
            autoComplete="given-name"
            registration={form.register('firstName')}
            fieldError={errors.firstName}
          />
          <FormTextField
            label="Last name"
            autoComplete="family-name"
            registration={form.register('lastName')}
            fieldError={errors.lastName}
          />
        </Box>
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty} sx={{ mt: 2 }}>
          Save name
        </Button>
      </Box>
      <Box component="dl" sx={{ mt: 4, mb: 0, pt: 3, borderTop: '1px solid', borderColor: 'divider' }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          Email
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
        <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, mt: 0.5 }}>
          You sign in with this address.
        </Typography>
      </Box>
    </Card>
  );
}
