import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import AutoAwesome from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  GENERATE_AUDIENCE_MAX,
  GENERATE_GOAL_MAX,
  REQUEST_ITEMS_MAX,
  type GenerateQuestionsInput,
  type GeneratedQuestions,
} from '@tandem/contract';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { AiProviderNote } from '@/components/ai/ai-provider-note';
import { GenerationProgress } from '@/components/ai/generation-progress';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { useGeneration } from '@/hooks/use-generation';
import { ApiError, isApiError } from '@/lib/api-error';
import type { GenerationStreamOptions } from '@/lib/generation-stream';
import { ItemEditor, itemProblem, moveItemByKey, RecipientsField, storeGeneratedHandoff } from '@/features/questions';
import { generateQuestions } from '../api/generate-questions';
import { useRefreshAiUsage } from '../api/refresh-ai-usage';
import {
  describeRepeat,
  emptyGenerateForm,
  findGenerateProblems,
  keepGeneratePageState,
  newProposedQuestion,
  readGeneratePageState,
  toGenerateBody,
  toProposedQuestions,
  type GenerateForm,
  type GenerateFormProblems,
  type GeneratePageState,
  type ProposedQuestion,
} from '../utils/generate-page-state';
import { MultilineTextField } from '@/components/ui/multiline-text-field';

/** Props of {@link GenerateQuestionsPage}. */
export interface GenerateQuestionsPageProps {
  workspaceId: string;
}

function PageCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {description}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Card>
  );
}

const isFilled = (item: ProposedQuestion) => item.prompt.trim() !== '' || item.options.some((option) => option.trim() !== '');

/**
 * /questions/generate (issue #11 "Question generation"; PRODUCT §3): the goal, the audience (people
 * chosen from the contacts and/or described in words) and how many questions (1–20). "Generate"
 * streams the assistant's proposal with progress and Cancel; each proposed question shows its kind,
 * options, required, the one-line reason and a warning with a link when the same people were asked
 * it lately. The assistant edits, drops, adds and reorders them, generates again (asking before the
 * edited list is replaced), then "Continue to composer" hands the questions, people and goal to a
 * new request (session storage, one-time key). The form and the proposal survive a failed
 * generation and a reload (session storage per workspace) until "Start over" (asked first). A 402 names the plan limit with a link
 * to the subscription.
 */
export function GenerateQuestionsPage({ workspaceId }: GenerateQuestionsPageProps) {
  const navigate = useNavigate();
  const [state, setState] = useState<GeneratePageState>(
    () => readGeneratePageState(workspaceId) ?? { form: emptyGenerateForm(), proposal: null },
  );
  const [isChecked, setChecked] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [isReplacing, setReplacing] = useState(false);
  const [pendingRemoval, setPendingRemoval] = useState<string | null>(null);
  const [continueError, setContinueError] = useState<string | null>(null);
  const [isStartingOver, setStartingOver] = useState(false);
  const run = useCallback(
    (body: GenerateQuestionsInput, options: GenerationStreamOptions) => generateQuestions(workspaceId, body, options),
    [workspaceId],
  );
  const generation = useGeneration<GenerateQuestionsInput, GeneratedQuestions>(run);
  const { form, proposal } = state;
  const refreshUsage = useRefreshAiUsage(workspaceId);

  useEffect(() => keepGeneratePageState(workspaceId, state), [workspaceId, state]);

  const problems: GenerateFormProblems = isChecked ? findGenerateProblems(form) : {};
  const serverErrors = error?.errorData ?? {};
  const fieldError = (field: keyof GenerateFormProblems) => problems[field] ?? serverErrors[field];
  const editForm = (changes: Partial<GenerateForm>) => setState((current) => ({ ...current, form: { ...current.form, ...changes } }));
  const setItems = (update: (items: ProposedQuestion[]) => ProposedQuestion[]) =>
    setState((current) =>
      current.proposal ? { ...current, proposal: { ...current.proposal, items: update(current.proposal.items) } } : current,
    );
  const removeItem = (key: string) => setItems((items) => items.filter((item) => item.key !== key));

  const generate = async () => {
    setError(null);
    setContinueError(null);
    try {
      const result = await generation.start(toGenerateBody(form));
      if (!result) return;
      refreshUsage();
      setState((current) => ({ ...current, proposal: { items: toProposedQuestions(result.items), provider: result.provider } }));
    } catch (caught) {
      setError(
        isApiError(caught)
          ? caught
          : new ApiError({
              status: 0,
              errorCode: 'UNKNOWN_ERROR',
              errorDisplayMessage: 'The questions could not be generated. Try again.',
              errorData: null,
              payload: null,
              current: null,
            }),
      );
    }
  };

  const handleGenerate = () => {
    setChecked(true);
    if (Object.keys(findGenerateProblems(form)).length > 0) return;
    if (proposal && proposal.items.length > 0) setReplacing(true);
    else void generate();
  };

  const handleContinue = () => {
    if (!proposal || proposal.items.length === 0) {
      setContinueError('Keep or add at least one question.');
      return;
    }
    try {
      const key = storeGeneratedHandoff({
        goal: form.goal,
        items: proposal.items.map(({ prompt, kind, options, required }) => ({ prompt, kind, options, required })),
        recipients: form.recipients,
      });
      void navigate(paths.questions.new.getHref({ fromGeneration: key }));
    } catch {
      setContinueError('Your browser would not keep the questions for the composer. Free some storage or allow it, then try again.');
    }
  };

  const pendingItem = proposal?.items.find((item) => item.key === pendingRemoval);
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', display: 'grid', gap: { xs: 2, sm: 3 } }}>
      <Box>
        <Link
          component={RouterLink}
          to={paths.questions.hub.getHref()}
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <ArrowBack fontSize="inherit" aria-hidden="true" /> Questions
        </Link>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            Generate questions
          </Typography>
          {(proposal || form.goal.trim() || form.audienceDescription.trim() || form.recipients.length > 0) && (
            <Button onClick={() => setStartingOver(true)}>Start over</Button>
          )}
        </Box>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Say what you need to find out and from whom; the assistant proposes questions you can edit before they go anywhere.
        </Typography>
      </Box>

      <PageCard title="What do you need to know?">
        <Box
          component="form"
          noValidate
          aria-label="What to generate"
          onSubmit={(event) => {
            event.preventDefault();
            handleGenerate();
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          <MultilineTextField
            label="Goal"
            value={form.goal}
            onChange={(event) => editForm({ goal: event.target.value })}
            minRows={3}
            required
            error={Boolean(fieldError('goal'))}
            helperText={fieldError('goal') ?? 'E.g. “Where the Q3 budget stands in each region, and what is at risk.”'}
            slotProps={{ htmlInput: { maxLength: GENERATE_GOAL_MAX } }}
          />
          <RecipientsField
            workspaceId={workspaceId}
            value={form.recipients}
            onChange={(recipients) => editForm({ recipients })}
            error={fieldError('contactIds')}
          />
          <TextField
            label="Or describe the audience"
            value={form.audienceDescription}
            onChange={(event) => editForm({ audienceDescription: event.target.value })}
            error={Boolean(fieldError('audienceDescription'))}
            helperText={fieldError('audienceDescription') ?? 'E.g. “regional sales leads”. Optional.'}
            slotProps={{ htmlInput: { maxLength: GENERATE_AUDIENCE_MAX } }}
          />
          <TextField
            label="Number of questions"
            type="number"
            value={form.count}
            onChange={(event) => editForm({ count: event.target.value })}
            required
            error={Boolean(fieldError('count'))}
            helperText={fieldError('count') ?? `1 to ${REQUEST_ITEMS_MAX}.`}
            slotProps={{ htmlInput: { min: 1, max: REQUEST_ITEMS_MAX, step: 1, inputMode: 'numeric' } }}
            sx={{ maxWidth: 220 }}
          />
          {error && <ApiErrorAlert error={error} />}
          {generation.isRunning ? (
            <GenerationProgress label="Generating questions" progress={generation.progress} onCancel={generation.cancel} />
          ) : (
            <Box>
              <Button type="submit" variant="contained" startIcon={<AutoAwesome />}>
                {proposal ? 'Generate again' : 'Generate'}
              </Button>
            </Box>
          )}
        </Box>
      </PageCard>

      {proposal && (
        <PageCard
          title="Proposed questions"
          description="Edit, drop, add or reorder them (the arrows, or Alt+↑ / Alt+↓). Nothing is sent until you send the request."
          action={<AiProviderNote provider={proposal.provider} />}
        >
          {proposal.items.length === 0 ? (
            <Typography color="text.secondary">
              The assistant proposed no questions. Change the goal and generate again, or add your own.
            </Typography>
          ) : (
            <Box component="ol" aria-label="Proposed questions" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {proposal.items.map((item, index) => (
                <ItemEditor
                  key={item.key}
                  item={item}
                  index={index}
                  count={proposal.items.length}
                  error={isFilled(item) ? itemProblem(item)?.message : undefined}
                  onChange={(next) =>
                    setItems((items) => items.map((current) => (current.key === item.key ? { ...current, ...next } : current)))
                  }
                  onMove={(delta) => setItems((items) => moveItemByKey(items, item.key, delta))}
                  onRemove={() => (isFilled(item) ? setPendingRemoval(item.key) : removeItem(item.key))}
                >
                  <ProposalNotes item={item} form={form} />
                </ItemEditor>
              ))}
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
            <Button
              startIcon={<Add />}
              disabled={proposal.items.length >= REQUEST_ITEMS_MAX}
              onClick={() => setItems((items) => [...items, newProposedQuestion()])}
            >
              Add question
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button variant="contained" endIcon={<ArrowForward />} disabled={generation.isRunning} onClick={handleContinue}>
              Continue to composer
            </Button>
          </Box>
          {continueError && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {continueError}
            </Alert>
          )}
        </PageCard>
      )}

      <ConfirmDialog
        open={isStartingOver}
        title="Start over?"
        confirmLabel="Start over"
        isDestructive
        onClose={() => setStartingOver(false)}
        onConfirm={() => {
          generation.cancel();
          setState({ form: emptyGenerateForm(), proposal: null });
          setChecked(false);
          setError(null);
          setContinueError(null);
          setStartingOver(false);
        }}
      >
        The goal, the audience and the proposed questions are cleared.
      </ConfirmDialog>
      <ConfirmDialog
        open={isReplacing}
        title="Replace the proposed questions?"
        confirmLabel="Generate again"
        isDestructive
        onClose={() => setReplacing(false)}
        onConfirm={() => {
          setReplacing(false);
          void generate();
        }}
      >
        The questions below, with your edits, are replaced by a new proposal.
      </ConfirmDialog>
      <ConfirmDialog
        open={pendingItem !== undefined}
        title="Drop this question?"
        confirmLabel="Drop"
        isDestructive
        onClose={() => setPendingRemoval(null)}
        onConfirm={() => {
          if (pendingRemoval) removeItem(pendingRemoval);
          setPendingRemoval(null);
        }}
      >
        “{pendingItem?.prompt.trim() || 'Untitled question'}” is removed from the proposal.
      </ConfirmDialog>
    </Box>
  );
}

/** Why a proposed question is asked, and the warning when the same people were asked it lately. */
function ProposalNotes({ item, form }: { item: ProposedQuestion; form: GenerateForm }) {
  if (!item.reason && !item.repeatOf) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
      {item.reason && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Why:
          </Box>{' '}
          {item.reason}
        </Typography>
      )}
      {item.repeatOf && (
        <Alert severity="warning" variant="outlined" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Repeat.
          </Box>{' '}
          {describeRepeat(item.repeatOf, form.recipients)}.{' '}
          <Link component={RouterLink} to={paths.questions.detail.getHref(item.repeatOf.requestId)}>
            Open that request
          </Link>
        </Alert>
      )}
    </Box>
  );
}
