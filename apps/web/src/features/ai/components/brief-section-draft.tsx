import AutoAwesome from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DRAFT_INSTRUCTIONS_MAX, type BriefSectionDraft, type DraftSource } from '@tandem/contract';
import { useCallback, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { AiProviderNote } from '@/components/ai/ai-provider-note';
import { GenerationProgress } from '@/components/ai/generation-progress';
import { ActionReason } from '@/components/ui/action-reason';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useGeneration } from '@/hooks/use-generation';
import { isApiError, type ApiError } from '@/lib/api-error';
import type { GenerationStreamOptions } from '@/lib/generation-stream';
import { draftBriefSection } from '../api/draft-brief-section';
import { useRefreshAiUsage } from '../api/refresh-ai-usage';
import { draftUnavailableReason, sourceHref } from '../utils/brief-draft';
import { MultilineTextField } from '@/components/ui/multiline-text-field';

/** Props of {@link BriefSectionDraftAssist}. */
export interface BriefSectionDraftAssistProps {
  workspaceId: string;
  briefId: string;
  /** The section's server id; undefined while a new section is not saved yet. */
  sectionId: string | undefined;
  /** How the section is named to people ("“Risks”" or "Section 2"). */
  sectionName: string;
  /** A confidential brief is never sent to an AI assistant (issue #11): the button is disabled with why. */
  isConfidential: boolean;
  /** Accept: the draft's markdown (as drafted, or as edited), for the editor to put into the section. */
  onAccept: (markdown: string) => void;
}

type Step = { kind: 'idle' } | { kind: 'instructions' } | { kind: 'review'; draft: BriefSectionDraft; editing: string | null };

/**
 * "Draft with AI" on one section of the brief editor (issue #11; PRODUCT §3 /executive-briefs/{id}):
 * optional instructions → progress with Cancel → a review of the drafted sentences, each with the
 * sources it rests on (chips linking to the answer's request, the task, the earlier brief) and who
 * drafted it. Accept hands the markdown to the editor (which saves it as any edit), Edit opens it as
 * text first, Discard drops it; nothing is written without Accept. Editors only: the caller leaves it
 * out for a USER or GUEST.
 */
export function BriefSectionDraftAssist({
  workspaceId,
  briefId,
  sectionId,
  sectionName,
  isConfidential,
  onAccept,
}: BriefSectionDraftAssistProps) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [instructions, setInstructions] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [isConfirmingDiscard, setConfirmingDiscard] = useState(false);
  const run = useCallback(
    (args: { sectionId: string; instructions: string }, options: GenerationStreamOptions) =>
      draftBriefSection(workspaceId, briefId, args, options),
    [workspaceId, briefId],
  );
  const generation = useGeneration(run);
  const refreshUsage = useRefreshAiUsage(workspaceId);
  const reason = draftUnavailableReason({ isConfidential, isSaved: sectionId !== undefined });
  const instructionsId = useId();

  const start = async () => {
    if (!sectionId) return;
    setError(null);
    try {
      const draft = await generation.start({ sectionId, instructions });
      if (!draft) return;
      refreshUsage();
      setStep({ kind: 'review', draft, editing: null });
    } catch (caught) {
      if (isApiError(caught)) setError(caught);
      else throw caught;
    }
  };
  const close = () => {
    setStep({ kind: 'idle' });
    setConfirmingDiscard(false);
  };

  if (generation.isRunning) {
    return <GenerationProgress label={`Drafting ${sectionName}`} progress={generation.progress} onCancel={generation.cancel} />;
  }
  if (step.kind === 'idle') {
    return (
      <ActionReason reason={reason}>
        <Button
          size="small"
          startIcon={<AutoAwesome />}
          disabled={reason !== null}
          onClick={() => setStep({ kind: 'instructions' })}
          aria-label={`Draft with AI: ${sectionName}`}
        >
          Draft with AI
        </Button>
      </ActionReason>
    );
  }
  if (step.kind === 'instructions') {
    return (
      <Box
        component="form"
        aria-label={`Draft with AI: ${sectionName}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
        sx={{ display: 'grid', gap: 1.5, p: 1.5, border: '1px solid', borderColor: 'divider', borderRadius: '12px' }}
      >
        <MultilineTextField
          id={instructionsId}
          label="Instructions (optional)"
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
          minRows={2}
          helperText="E.g. “Focus on open risks; three bullet points.” The draft uses only this workspace’s answers, briefs and tasks."
          slotProps={{ htmlInput: { maxLength: DRAFT_INSTRUCTIONS_MAX } }}
        />
        {error && <ApiErrorAlert error={error} />}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" size="small" startIcon={<AutoAwesome />} disabled={!sectionId}>
            Draft
          </Button>
          <Button size="small" onClick={close}>
            Cancel
          </Button>
        </Box>
      </Box>
    );
  }

  const { draft, editing } = step;
  const sources = new Map(draft.sources.map((source) => [source.id, source]));
  const accept = () => {
    onAccept(editing ?? draft.markdown);
    close();
  };
  return (
    <Box
      component="section"
      aria-label={`AI draft for ${sectionName}`}
      sx={{ display: 'grid', gap: 1.5, p: 1.5, border: '1px solid', borderColor: 'primary.main', borderRadius: '12px' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h2">
          AI draft — not in the brief until you accept it
        </Typography>
        <AiProviderNote provider={draft.provider} />
      </Box>
      {draft.sentences.length === 0 ? (
        <Typography color="text.secondary">No sources in this workspace speak to this section yet.</Typography>
      ) : editing !== null ? (
        <MultilineTextField
          label="Draft text"
          value={editing}
          onChange={(event) => setStep({ ...step, editing: event.target.value })}
          minRows={4}
          helperText="Markdown. Accept puts this text into the section."
        />
      ) : (
        <Box component="ol" aria-label="Drafted sentences" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          {draft.sentences.map((sentence, index) => (
            <li key={index}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {sentence.text}
              </Typography>
              <Box
                component="ul"
                aria-label="Sources"
                sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}
              >
                {sentence.sourceIds.flatMap((id) => {
                  const source = sources.get(id);
                  return source ? [<SourceChip key={id} source={source} />] : [];
                })}
              </Box>
            </li>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {draft.sentences.length > 0 && (
          <>
            <Button variant="contained" size="small" onClick={accept} disabled={editing !== null && editing.trim() === ''}>
              Accept
            </Button>
            {editing === null && (
              <Button size="small" onClick={() => setStep({ ...step, editing: draft.markdown })}>
                Edit
              </Button>
            )}
          </>
        )}
        <Button size="small" onClick={() => (editing !== null && editing !== draft.markdown ? setConfirmingDiscard(true) : close())}>
          Discard
        </Button>
      </Box>
      <ConfirmDialog
        open={isConfirmingDiscard}
        title="Discard your edited draft?"
        confirmLabel="Discard"
        isDestructive
        onClose={() => setConfirmingDiscard(false)}
        onConfirm={close}
      >
        The draft and your changes to it are dropped; the section stays as it is.
      </ConfirmDialog>
    </Box>
  );
}

/** One source of a sentence: its label, linking to where it comes from when it can; the excerpt is read with it. */
function SourceChip({ source }: { source: DraftSource }) {
  const href = sourceHref(source);
  const label = <Chip size="small" variant="outlined" label={source.label} title={source.excerpt} />;
  return (
    <Box component="li">
      {href ? (
        <Chip
          size="small"
          variant="outlined"
          clickable
          component={RouterLink}
          to={href}
          label={source.label}
          title={source.excerpt}
          aria-label={`Source: ${source.label}`}
        />
      ) : (
        label
      )}
    </Box>
  );
}
