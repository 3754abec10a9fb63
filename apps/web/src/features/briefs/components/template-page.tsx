import ArrowBack from '@mui/icons-material/ArrowBack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import NoteAdd from '@mui/icons-material/NoteAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { can, describeRefusal, type BriefTemplate, type WorkspaceMemberType } from '@tandem/contract';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ActionReason } from '@/components/ui/action-reason';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { editsDiscarded } from '@/hooks/use-leave-guard';
import { showToast } from '@/lib/toast-store';
import { useCreateBrief } from '../api/create-brief';
import { useDeleteBriefTemplate } from '../api/delete-brief-template';
import { useDuplicateBriefTemplate } from '../api/duplicate-brief-template';
import { useBriefTemplate } from '../api/get-brief-template';
import { TemplateEditor } from './template-editor';
import { TemplateMenu } from './template-menu';
import { TemplateView } from './template-view';

/** Props of {@link TemplatePage}. */
export interface TemplatePageProps {
  workspaceId: string;
  workspaceName: string;
  memberType: WorkspaceMemberType;
  /** The template to show, or 'new' for the new-template editor. */
  templateId: string | 'new';
}

/**
 * A template's page (issue #9; /executive-briefs/templates/new and …/{id}): a header with the
 * "Templates" switcher, then the editor — or, for a built-in or a member who may not edit briefs
 * (PRODUCT §6), the template read-only. Actions: "Use this template" (creates a brief from it and
 * opens it), "Duplicate" ("Copy of …", opened at once), "Delete" (asks first; workspace templates
 * only).
 */
export function TemplatePage({ workspaceId, workspaceName, memberType, templateId }: TemplatePageProps) {
  const navigate = useNavigate();
  const canEdit = can(memberType, 'editBriefs');
  if (templateId === 'new') {
    return (
      <TemplateFrame
        workspaceId={workspaceId}
        canEdit={canEdit}
        title="New template"
        documentTitle={`New template · ${workspaceName} · Tandem`}
      >
        {canEdit ? (
          <TemplateEditor
            workspaceId={workspaceId}
            onSaved={(template) => void navigate(paths.briefs.templates.detail.getHref(template.id), { replace: true })}
            onCancel={() => void navigate(paths.briefs.list.getHref())}
          />
        ) : (
          <Alert severity="info">{describeRefusal('editBriefs')}</Alert>
        )}
      </TemplateFrame>
    );
  }
  return <ExistingTemplatePage workspaceId={workspaceId} workspaceName={workspaceName} canEdit={canEdit} templateId={templateId} />;
}

interface ExistingTemplatePageProps {
  workspaceId: string;
  workspaceName: string;
  canEdit: boolean;
  templateId: string;
}

function ExistingTemplatePage({ workspaceId, workspaceName, canEdit, templateId }: ExistingTemplatePageProps) {
  const query = useBriefTemplate(workspaceId, templateId);
  const [isDirty, setDirty] = useState(false);
  if (query.isPending) {
    return (
      <TemplateFrame
        workspaceId={workspaceId}
        canEdit={canEdit}
        currentId={templateId}
        title={null}
        documentTitle={`Template · ${workspaceName} · Tandem`}
      >
        <Box aria-busy="true">
          <Skeleton variant="rounded" height={140} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={180} />
        </Box>
      </TemplateFrame>
    );
  }
  if (query.isError) {
    const isMissing = query.error.status === 404 || query.error.status === 400;
    return (
      <TemplateFrame
        workspaceId={workspaceId}
        canEdit={canEdit}
        title="Template not found"
        documentTitle={`Template not found · ${workspaceName} · Tandem`}
      >
        <Card variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>
            {isMissing ? 'This template does not exist in this workspace, or it was deleted.' : "We couldn't load this template."}
          </Typography>
          {isMissing ? (
            <Button component={RouterLink} to={paths.briefs.list.getHref()} variant="outlined">
              Back to briefs
            </Button>
          ) : (
            <Button onClick={() => void query.refetch()} variant="outlined">
              Try again
            </Button>
          )}
        </Card>
      </TemplateFrame>
    );
  }
  const template = query.data;
  const isEditable = canEdit && !template.builtIn;
  return (
    <TemplateFrame
      key={template.id}
      workspaceId={workspaceId}
      canEdit={canEdit}
      currentId={template.id}
      title={template.name}
      overline={template.builtIn ? 'Built-in template' : 'Brief template'}
      documentTitle={`${template.name} · Templates · ${workspaceName} · Tandem`}
      actions={canEdit && <TemplateActions workspaceId={workspaceId} template={template} hasUnsavedChanges={isDirty} />}
    >
      {template.description && !isEditable && (
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720, whiteSpace: 'pre-wrap' }}>
          {template.description}
        </Typography>
      )}
      {template.builtIn && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Built-in templates are read-only.{canEdit ? ' Duplicate it to make a version of your own.' : ''}
        </Alert>
      )}
      {isEditable ? (
        <TemplateEditor
          key={template.id}
          workspaceId={workspaceId}
          template={template}
          onSaved={() => undefined}
          onDirtyChange={setDirty}
        />
      ) : (
        <TemplateView template={template} />
      )}
    </TemplateFrame>
  );
}

interface TemplateActionsProps {
  workspaceId: string;
  template: BriefTemplate;
  hasUnsavedChanges: boolean;
}

/** "Use this template", "Duplicate" and (workspace templates) "Delete". */
function TemplateActions({ workspaceId, template, hasUnsavedChanges }: TemplateActionsProps) {
  const navigate = useNavigate();
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const use = useCreateBrief();
  const duplicate = useDuplicateBriefTemplate();
  const remove = useDeleteBriefTemplate();

  const handleUse = async () => {
    // issue #9: the brief takes the template's name and its sections, guidance as placeholders.
    const brief = await use.mutateAsync({ workspaceId, body: { title: template.name, templateId: template.id } });
    showToast(`“${brief.title}” was created from the template.`, 'success');
    void navigate(paths.briefs.detail.getHref(brief.id));
  };
  const handleDuplicate = async () => {
    const copy = await duplicate.mutateAsync({ workspaceId, templateId: template.id });
    showToast(`“${copy.name}” was created.`, 'success');
    void navigate(paths.briefs.templates.detail.getHref(copy.id));
  };
  const handleDelete = async () => {
    await remove.mutateAsync({ workspaceId, templateId: template.id });
    setConfirmingDelete(false);
    showToast(`“${template.name}” was deleted.`, 'success');
    // The unsaved edits went with the template: no "Leave without saving?" after the deletion.
    void navigate(paths.briefs.list.getHref(), { replace: true, state: editsDiscarded });
  };

  return (
    <>
      <ActionReason reason={hasUnsavedChanges ? 'Save your changes first.' : null} align="end">
        <Button
          variant="contained"
          startIcon={<NoteAdd />}
          onClick={() => void handleUse().catch(() => undefined)}
          loading={use.isPending}
          disabled={hasUnsavedChanges}
        >
          Use this template
        </Button>
      </ActionReason>
      <Button
        variant="outlined"
        startIcon={<ContentCopy />}
        onClick={() => void handleDuplicate().catch(() => undefined)}
        loading={duplicate.isPending}
      >
        Duplicate
      </Button>
      {!template.builtIn && (
        <Button variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={() => setConfirmingDelete(true)}>
          Delete
        </Button>
      )}
      <ConfirmDialog
        open={isConfirmingDelete}
        title={`Delete “${template.name}”?`}
        confirmLabel="Delete template"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => void handleDelete().catch(() => undefined)}
        onClose={() => setConfirmingDelete(false)}
      >
        The template is gone for everyone in the workspace. Briefs already made from it keep their sections.
      </ConfirmDialog>
    </>
  );
}

interface TemplateFrameProps {
  workspaceId: string;
  canEdit: boolean;
  currentId?: string;
  /** The h1; null while loading (a skeleton instead). */
  title: string | null;
  overline?: string;
  documentTitle: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The page around a template: back to the briefs, the overline and title, the actions and the "Templates" menu. */
function TemplateFrame({
  workspaceId,
  canEdit,
  currentId,
  title,
  overline = 'Brief template',
  documentTitle,
  actions,
  children,
}: TemplateFrameProps) {
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <title>{documentTitle}</title>
      <Button component={RouterLink} to={paths.briefs.list.getHref()} color="inherit" startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1 }}>
        Briefs
      </Button>
      <Typography variant="overline" color="text.secondary" component="p">
        {overline}
      </Typography>
      {title === null ? (
        <Skeleton variant="text" width="60%" sx={{ fontSize: '2.125rem' }} />
      ) : (
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 2, mb: 3 }}>
        {actions}
        <Box sx={{ ml: 'auto' }}>
          <TemplateMenu workspaceId={workspaceId} currentId={currentId} canCreate={canEdit} />
        </Box>
      </Box>
      {children}
    </Box>
  );
}
