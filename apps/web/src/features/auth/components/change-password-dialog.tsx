import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PasswordUpdateBodySchema, PASSWORD_MIN_LENGTH } from '@tandem/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { useZodForm } from '@/lib/use-zod-form';
import { PasswordField } from '@/components/ui/password-field';
import { showToast } from '@/lib/toast-store';
import { useUpdatePassword } from '../api/update-password';
import { applyFieldErrors } from '@/lib/apply-field-errors';

/** Props of {@link ChangePasswordDialog}. */
export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Change password (seed §7, PRODUCT §5: needs the current password): current + new → POST
 * auth/password/update → success toast. Server errors land on their fields.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const update = useUpdatePassword({ meta: { errorToast: (error) => !error.errorData } });
  const form = useZodForm(PasswordUpdateBodySchema, {
    defaultValues: { currentPassword: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      showToast('Your password was changed.', 'success');
      handleClose();
    } catch (error) {
      applyFieldErrors(error, ['currentPassword', 'password'], form.setError);
    }
  });

  return (
    <FormDialog
      open={open}
      title="Change password"
      submitLabel="Change password"
      onSubmit={handleSubmit}
      onClose={handleClose}
      isSubmitting={isSubmitting}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        Other devices will be signed out. Use at least {PASSWORD_MIN_LENGTH} characters.
      </Typography>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
          error={Boolean(errors.currentPassword)}
          helperText={errors.currentPassword?.message}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          {...form.register('password')}
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
      </Stack>
    </FormDialog>
  );
}
