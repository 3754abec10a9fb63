import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import { CreateBriefTemplateBodySchema, type BriefTemplate } from '@tandem/contract';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { isApiError } from '@/lib/api-error';
import { showToast } from '@/lib/toast-store';
import { useZodForm } from '@/lib/use-zod-form';
import { useCreateBriefTemplate } from '../api/create-brief-template';
import { useUpdateBriefTemplate } from '../api/update-brief-template';
import { EMPTY_TEMPLATE_FORM, toTemplateFieldPath, toTemplateFormValues } from '../utils/template-form';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { TemplateSectionsField } from './template-sections-field';

/** Props of {@link TemplateEditor}. */
export interface TemplateEditorProps {
  workspaceId: string;
  /** The workspace template to edit; omitted for a new one. Never a built-in (those are read-only). */
  template?: BriefTemplate;
  /** After a save: the template as the server has it. A new template's page opens from here. */
  onSaved: (template: BriefTemplate) => void;
  /** Cancel of a new template (an existing one has nothing to cancel but its changes). */
  onCancel?: () => void;
  /** Told whenever the form gains or loses unsaved changes ("Use this template" waits for a save). */
  onDirtyChange?: (isDirty: boolean) => void;
}

/**
 * The template editor (issue #9; /executive-briefs/templates/new and …/{id}): name, description and
 * the sections (heading + guidance; add, remove, reorder by keyboard), validated by the contract's
 * CreateBriefTemplateBody. Save creates (POST) or replaces (PATCH) the template; server messages land
 * on their fields. Unsaved changes are never lost silently: leaving asks first.
 */
export function TemplateEditor({ workspaceId, template, onSaved, onCancel, onDirtyChange }: TemplateEditorProps) {
  const showFieldErrorsOnly = { meta: { errorToast: (error: { errorData: unknown }) => !error.errorData } };
  const create = useCreateBriefTemplate(showFieldErrorsOnly);
  const update = useUpdateBriefTemplate(showFieldErrorsOnly);
  const form = useZodForm(CreateBriefTemplateBodySchema, {
    defaultValues: template ? toTemplateFormValues(template) : EMPTY_TEMPLATE_FORM,
  });
  const { isDirty, isSubmitting, errors } = form.formState;
  const guard = useLeaveGuard(isDirty && !isSubmitting, 'template');
  const { setFocus } = form;

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  // A new template starts at its name.
  useEffect(() => {
    if (!template) setFocus('name');
  }, [template, setFocus]);

  const handleSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = template
        ? await update.mutateAsync({ workspaceId, templateId: template.id, body })
        : await create.mutateAsync({ workspaceId, body });
      form.reset(toTemplateFormValues(saved));
      guard.release();
      showToast(template ? 'The template was saved.' : `“${saved.name}” was created.`, 'success');
      onSaved(saved);
    } catch (error) {
      if (!isApiError(error) || !error.errorData) return;
      let isFirst = true;
      for (const [key, message] of Object.entries(error.errorData)) {
        const field = toTemplateFieldPath(key);
        if (!field) continue;
        form.setError(field, { type: 'server', message }, { shouldFocus: isFirst });
        isFirst = false;
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={template ? `Edit template ${template.name}` : 'New template'}>
      <Card variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5, mb: 3 }}>
        <Controller
          control={form.control}
          name="name"
          render={({ field: { ref, ...input }, fieldState }) => (
            <TextField
              {...input}
              inputRef={ref}
              label="Name"
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="description"
          render={({ field: { ref, value, ...input }, fieldState }) => (
            <TextField
              {...input}
              value={value ?? ''}
              inputRef={ref}
              label="Description"
              multiline
              minRows={2}
              maxRows={6}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'When to use this template, in a sentence or two.'}
            />
          )}
        />
      </Card>
      <TemplateSectionsField control={form.control} errors={errors} />
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'flex-end',
          gap: 1.5,
          mt: 3,
          py: 2,
          position: 'sticky',
          bottom: 0,
          bgcolor: 'background.default',
          borderTop: 1,
          borderColor: 'divider',
          zIndex: 1,
        }}
      >
        {onCancel && (
          <Button color="inherit" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={Boolean(template) && !isDirty}>
          {template ? 'Save changes' : 'Create template'}
        </Button>
      </Box>
      {guard.dialog}
    </Box>
  );
}
