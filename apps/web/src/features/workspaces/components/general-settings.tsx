import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { describeRefusal, UpdateWorkspaceBodySchema } from '@tandem/contract';
import { useZodForm } from '@/lib/use-zod-form';
import { FormTextField } from '@/components/ui/form-text-field';
import { showToast } from '@/lib/toast-store';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { reloadProfile } from '@/lib/session/session-store';
import { useUpdateWorkspace } from '../api/update-workspace';
import { SettingsSection } from './settings-section';

/** Props of {@link GeneralSettings}. */
export interface GeneralSettingsProps {
  workspaceId: string;
  name: string;
  /** OWNER or EXECUTIVE (PRODUCT §6); others see the name as text, with the reason (issue #8: no form they can never use). */
  canRename: boolean;
}

/**
 * The General tab (PRODUCT §3): the workspace's name and the rename form (PATCH v1/workspaces/{id}).
 * Server messages land on the field; the header shows the new name after the profile reloads.
 */
export function GeneralSettings({ workspaceId, name, canRename }: GeneralSettingsProps) {
  const update = useUpdateWorkspace({ meta: { errorToast: (error) => !error.errorData?.name } });
  const form = useZodForm(UpdateWorkspaceBodySchema, {
    values: { name },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const handleSubmit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync({ workspaceId, body });
      await reloadProfile();
      form.reset({ name: body.name });
      showToast('The workspace was renamed.', 'success');
    } catch (error) {
      applyFieldErrors(error, ['name'], form.setError);
    }
  });

  return (
    <SettingsSection title="General" description="The workspace's name is shown in the header and in invitations.">
      {!canRename && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {describeRefusal('renameWorkspace')}
        </Alert>
      )}
      {canRename ? (
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit}
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <FormTextField
            label="Workspace name"
            registration={form.register('name')}
            fieldError={errors.name}
            autoComplete="organization"
            sx={{ flex: '1 1 280px', maxWidth: 480 }}
          />
          <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty} sx={{ mt: { xs: 0, sm: 1 } }}>
            Save name
          </Button>
        </Box>
      ) : (
        <Box component="dl" sx={{ m: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            Workspace name
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
        </Box>
      )}
    </SettingsSection>
  );
}
