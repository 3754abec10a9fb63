import Typography from '@mui/material/Typography';
import { CreateWorkspaceBodySchema } from '@tandem/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { useZodForm } from '@/lib/use-zod-form';
import { FormTextField } from '@/components/ui/form-text-field';
import { showToast } from '@/lib/toast-store';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { switchWorkspace } from '@/lib/session/session-store';
import { useCreateWorkspace } from '../api/create-workspace';

/** Props of {@link CreateWorkspaceDialog}. */
export interface CreateWorkspaceDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Create a workspace (POST v1/workspaces {name}; the creator is its OWNER on the FREE plan,
 * PRODUCT §1), then switch to it. A bad name's message lands on the field.
 */
export function CreateWorkspaceDialog({ open, onClose }: CreateWorkspaceDialogProps) {
  const create = useCreateWorkspace({ meta: { errorToast: (error) => !error.errorData?.name } });
  const form = useZodForm(CreateWorkspaceBodySchema, {
    defaultValues: { name: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = form.handleSubmit(async (body) => {
    try {
      const workspace = await create.mutateAsync(body);
      await switchWorkspace(workspace.id);
      showToast(`${workspace.name} was created.`, 'success');
      handleClose();
    } catch (error) {
      applyFieldErrors(error, ['name'], form.setError);
    }
  });

  return (
    <FormDialog
      open={open}
      title="Create workspace"
      submitLabel="Create workspace"
      onSubmit={handleSubmit}
      onClose={handleClose}
      isSubmitting={isSubmitting}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        One workspace per executive&apos;s office. You will be its owner, on the Free plan.
      </Typography>
      <FormTextField
        label="Workspace name"
        autoComplete="organization"
        registration={form.register('name')}
        fieldError={errors.name}
        fullWidth
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
