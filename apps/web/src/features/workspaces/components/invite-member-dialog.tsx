import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { InviteMemberBodySchema, type WorkspaceMemberType } from '@tandem/contract';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { useZodForm } from '@/lib/use-zod-form';
import { FormTextField } from '@/components/ui/form-text-field';
import { isApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import { showToast } from '@/lib/toast-store';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useInviteMember } from '../api/invite-member';
import { MemberTypeSelect } from './member-type-select';

/** Props of {@link InviteMemberDialog}. */
export interface InviteMemberDialogProps {
  open: boolean;
  workspaceId: string;
  /**
   * The types the inviter may give (contract `invitableTypes`, PRODUCT §6: assistants invite USERs
   * and GUESTs only); no other type is offered.
   */
  allowedTypes: readonly WorkspaceMemberType[];
  /** The workspace's executive's name, when it has one: EXECUTIVE is then offered as taken (PRODUCT §1). */
  executiveName?: string | null;
  onClose: () => void;
}

/**
 * Invite a member (seed §7 POST v1/workspaces/{id}/members, PRODUCT §3): names, email and type,
 * validated with the contract's schema. The type offers only what the inviter may grant, each with
 * its one-line description (issue #8). Field errors from the server land on their fields; other
 * refusals (409 already a member, 402 PLAN_LIMIT naming the limit, 403) are shown in the dialog.
 */
export function InviteMemberDialog({ open, workspaceId, allowedTypes, executiveName = null, onClose }: InviteMemberDialogProps) {
  const invite = useInviteMember({ meta: { errorToast: false } });
  const [formError, setFormError] = useState<string | null>(null);
  const defaultType: WorkspaceMemberType = allowedTypes.includes('EXECUTIVEASSISTANT')
    ? 'EXECUTIVEASSISTANT'
    : (allowedTypes[0] ?? 'GUEST');
  const form = useZodForm(InviteMemberBodySchema, {
    defaultValues: { firstName: '', lastName: '', email: '', workspaceMemberType: defaultType },
  });
  const { errors, isSubmitting } = form.formState;

  const handleClose = () => {
    form.reset();
    setFormError(null);
    onClose();
  };

  const handleSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const member = await invite.mutateAsync({ workspaceId, body });
      showToast(`An invitation was sent to ${member.email}.`, 'success');
      handleClose();
    } catch (error) {
      if (!applyFieldErrors(error, ['email', 'firstName', 'lastName', 'workspaceMemberType'], form.setError)) {
        setFormError(isApiError(error) ? getApiErrorMessage(error) : 'An error occurred.');
      }
    }
  });

  return (
    <FormDialog
      open={open}
      title="Invite a member"
      submitLabel="Send invitation"
      onSubmit={handleSubmit}
      onClose={handleClose}
      isSubmitting={isSubmitting}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        They get an email and join the workspace when they first sign in with a code.
      </Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {formError}
        </Alert>
      )}
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FormTextField label="First name" autoComplete="off" registration={form.register('firstName')} fieldError={errors.firstName} />
        <FormTextField label="Last name" autoComplete="off" registration={form.register('lastName')} fieldError={errors.lastName} />
        <FormTextField label="Email" type="email" autoComplete="off" registration={form.register('email')} fieldError={errors.email} />
        <Controller
          control={form.control}
          name="workspaceMemberType"
          render={({ field, fieldState }) => (
            <MemberTypeSelect
              label="Member type"
              types={allowedTypes}
              unavailable={executiveName ? { EXECUTIVE: `Taken: ${executiveName} is the executive.` } : {}}
              showChosenDescription
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={fieldState.error?.message}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
