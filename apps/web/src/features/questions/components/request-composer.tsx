import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Send from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  REQUEST_CONTEXT_MAX,
  REQUEST_ITEMS_MAX,
  REQUEST_TITLE_MAX,
  requestChannelLabels,
  sendableChannels,
  type QuestionRequest,
  type QuestionRequestDetail,
} from '@tandem/contract';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import type { ApiError } from '@/lib/api-error';
import { showToast } from '@/lib/toast-store';
import { SaveIndicator } from '@/features/briefs';
import { useSlackConnected } from '@/features/slack';
import { DueDateField } from '@/features/tasks';
import { useSendQuestionRequest } from '../api/request-mutations';
import { useRequestAutosave, type SavedRequest } from '../hooks/use-request-autosave';
import {
  findSendProblems,
  isItemFilled,
  isReadyToSend,
  moveItemByKey,
  newDraftItem,
  recipientChannelOf,
  setRecipientChannel,
  type ComposerDraft,
  type DraftChannel,
  type SendProblems,
} from '../utils/composer-draft';
import { ItemEditor } from './item-editor';
import { RecipientChannelsField } from './recipient-channels-field';
import { RecipientsField } from './recipients-field';
import { RequestPreview } from './request-preview';

/** Reminder choices of the composer (contract: 1–30 days, or never). */
const REMIND_CHOICES = [1, 2, 3, 5, 7, 14] as const;

/** What the request's channel means for the people asked (issue #12). */
function describeRequestChannel(channel: DraftChannel, isSlackConnected: boolean): string {
  if (channel === 'SLACK')
    return isSlackConnected
      ? 'People matched in Slack get a direct message; everyone else gets an email.'
      : 'Slack is not connected: everyone gets an email.';
  return channel === 'EMAIL' ? 'Everyone gets an email with their link.' : 'You copy each person’s link and send it yourself.';
}

/** Props of {@link RequestComposer}. */
export interface RequestComposerProps {
  workspaceId: string;
  initialDraft: ComposerDraft;
  /** The saved draft it continues, or null on /questions/new. */
  initialSaved: SavedRequest | null;
  /** After the first save (the route replaces /questions/new with /questions/{id}). */
  onCreated?: (request: QuestionRequest) => void;
  /**
   * Show each question's problem from the start (the questions came from /questions/generate, issue
   * #11: an invalid one is shown with its error, never dropped). Otherwise only after a send attempt.
   */
  shouldShowItemProblems?: boolean;
  /** After a send succeeded. */
  onSent: (request: QuestionRequestDetail | QuestionRequest) => void;
}

const timeZones = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

function ComposerCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem' }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {description}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Card>
  );
}

/**
 * The composer of a question request (issue #10 /questions/new, and /questions/{id} while DRAFT):
 * title, context, questions (kind-specific editors, reorder, required), recipients (picked or added
 * inline), channel and each person's channel (issue #12: "Slack where possible", offered and the
 * default for a new request while Slack is connected; Slack per person only for matched people),
 * due date (mm/dd/yyyy), the sender's time zone, reminders, confidential, and a preview of the
 * recipient's page. Saves as you go (useRequestAutosave). "Send" checks the questions, the people
 * and their emails (for Email) or Slack matches (for Slack), saves, then sends; a 402 names the
 * plan limit with a link to the subscription.
 */
export function RequestComposer({
  workspaceId,
  initialDraft,
  initialSaved,
  onCreated,
  onSent,
  shouldShowItemProblems = false,
}: RequestComposerProps) {
  // A send that creates the draft first stays on this screen until it is sent (onSent navigates).
  const isSendingRef = useRef(false);
  const autosave = useRequestAutosave(workspaceId, initialDraft, initialSaved, (request) => {
    if (!isSendingRef.current) onCreated?.(request);
  });
  const { draft, edit } = autosave;
  const isSlackConnected = useSlackConnected(workspaceId);
  // A new request asks "Slack where possible" once Slack is known to be connected (issue #12), unless the channel was chosen already.
  const hasChosenChannel = useRef(initialSaved !== null);
  useEffect(() => {
    if (!isSlackConnected || hasChosenChannel.current) return;
    hasChosenChannel.current = true;
    edit((d) => (d.channel === 'EMAIL' ? { ...d, channel: 'SLACK' } : d));
  }, [isSlackConnected, edit]);
  const [problems, setProblems] = useState<SendProblems | null>(null);
  const [pendingRemoval, setPendingRemoval] = useState<string | null>(null);
  const [sendError, setSendError] = useState<ApiError | null>(null);
  const [isPreparing, setPreparing] = useState(false);
  const send = useSendQuestionRequest();
  const shown = problems ? findSendProblems(draft, isSlackConnected) : {};
  // From a generation, a question's problem shows at once, but not on an empty question just added.
  const itemMessages =
    problems || !shouldShowItemProblems
      ? shown.itemMessages
      : Object.fromEntries(
          Object.entries(findSendProblems(draft, isSlackConnected).itemMessages ?? {}).filter(([key]) =>
            draft.items.some((item) => item.key === key && isItemFilled(item)),
          ),
        );

  const setItems = (update: (items: ComposerDraft['items']) => ComposerDraft['items']) => edit((d) => ({ ...d, items: update(d.items) }));
  const removeItem = (key: string) => setItems((items) => items.filter((item) => item.key !== key));

  const handleSend = async () => {
    setSendError(null);
    const found = findSendProblems(draft, isSlackConnected);
    setProblems(found);
    if (!isReadyToSend(found)) return;
    setPreparing(true);
    isSendingRef.current = true;
    const saved = await autosave.saveNow();
    setPreparing(false);
    if (!saved) {
      isSendingRef.current = false;
      return;
    }
    send.mutate(
      { workspaceId, requestId: saved.requestId, version: saved.version },
      {
        onSuccess: (request) => {
          const byLink = draft.recipients.filter((recipient) => recipientChannelOf(draft, recipient, isSlackConnected) === 'LINK');
          showToast(
            byLink.length === 0
              ? 'Request sent.'
              : byLink.length === draft.recipients.length
                ? 'Request sent — copy each person’s link from the request.'
                : 'Request sent — copy the links of the people asked by link from the request.',
            'success',
          );
          onSent(request);
        },
        onError: (error) => setSendError(error),
        onSettled: () => {
          isSendingRef.current = false;
        },
      },
    );
  };

  const pendingItem = draft.items.find((item) => item.key === pendingRemoval);
  const serverFieldErrors = sendError?.errorData ?? null;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={paths.questions.hub.getHref()}
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <ArrowBack fontSize="inherit" aria-hidden="true" /> Questions
          </Link>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {initialSaved ? 'Draft request' : 'New request'}
          </Typography>
        </Box>
        {autosave.indicator && <SaveIndicator kind={autosave.indicator.kind} label={autosave.indicator.label} />}
        <Button variant="contained" startIcon={<Send />} loading={isPreparing || send.isPending} onClick={() => void handleSend()}>
          Send
        </Button>
      </Box>

      {sendError && <ApiErrorAlert error={sendError} sx={{ mb: 2 }} />}
      {problems && !isReadyToSend(shown) && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Before sending:{' '}
          {Object.entries(shown)
            .filter(([key]) => key !== 'itemMessages')
            .map(([, message]) => message)
            .join(' ')}
        </Alert>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, minWidth: 0 }}>
          <ComposerCard title="Request" description="The title and context are shown to everyone you ask.">
            <Box sx={{ display: 'grid', gap: 2 }}>
              <TextField
                label="Title"
                value={draft.title}
                onChange={(event) => edit((d) => ({ ...d, title: event.target.value }))}
                required
                error={Boolean(shown.title ?? serverFieldErrors?.title)}
                helperText={shown.title ?? serverFieldErrors?.title}
                slotProps={{ htmlInput: { maxLength: REQUEST_TITLE_MAX } }}
              />
              <TextField
                label="Context"
                value={draft.context}
                onChange={(event) => edit((d) => ({ ...d, context: event.target.value }))}
                multiline
                minRows={3}
                helperText="Plain text: why you are asking, what the answers are for."
                slotProps={{ htmlInput: { maxLength: REQUEST_CONTEXT_MAX } }}
              />
            </Box>
          </ComposerCard>

          <ComposerCard title="Questions" description={`Up to ${REQUEST_ITEMS_MAX}. Reorder with the arrows, or Alt+↑ / Alt+↓.`}>
            <Box component="ol" aria-label="Questions" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {draft.items.map((item, index) => (
                <ItemEditor
                  key={item.key}
                  item={item}
                  index={index}
                  count={draft.items.length}
                  error={itemMessages?.[item.key]}
                  onChange={(next) => setItems((items) => items.map((current) => (current.key === item.key ? next : current)))}
                  onMove={(delta) => setItems((items) => moveItemByKey(items, item.key, delta))}
                  onRemove={() => (isItemFilled(item) ? setPendingRemoval(item.key) : removeItem(item.key))}
                />
              ))}
            </Box>
            {(shown.items ?? serverFieldErrors?.items) && !shown.itemMessages && (
              <Typography color="error" variant="body2" sx={{ mt: 1 }}>
                {shown.items ?? serverFieldErrors?.items}
              </Typography>
            )}
            <Button
              startIcon={<Add />}
              sx={{ mt: 1.5 }}
              disabled={draft.items.length >= REQUEST_ITEMS_MAX}
              onClick={() => setItems((items) => [...items, newDraftItem()])}
            >
              Add question
            </Button>
          </ComposerCard>

          <ComposerCard title="People" description="Who you are asking. Each person gets their own link.">
            <RecipientsField
              workspaceId={workspaceId}
              value={draft.recipients}
              onChange={(recipients) => edit((d) => ({ ...d, recipients }))}
              error={shown.recipients ?? serverFieldErrors?.contactIds}
            />
          </ComposerCard>

          <ComposerCard title="Delivery">
            <Box sx={{ display: 'grid', gap: 2.5 }}>
              <FormControl>
                <FormLabel id="request-channel">How people get their link</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="request-channel"
                  value={draft.channel}
                  onChange={(event) => {
                    const channel = sendableChannels.find((choice) => choice === event.target.value);
                    if (!channel) return;
                    hasChosenChannel.current = true;
                    edit((d) => ({ ...d, channel }));
                  }}
                >
                  {(isSlackConnected || draft.channel === 'SLACK') && (
                    <FormControlLabel value="SLACK" control={<Radio />} label={requestChannelLabels.SLACK} />
                  )}
                  <FormControlLabel value="EMAIL" control={<Radio />} label="Email" />
                  <FormControlLabel value="LINK" control={<Radio />} label="Copy links" />
                </RadioGroup>
                <FormHelperText sx={{ mx: 0 }}>{describeRequestChannel(draft.channel, isSlackConnected)}</FormHelperText>
              </FormControl>
              <RecipientChannelsField
                draft={draft}
                isSlackConnected={isSlackConnected}
                onChange={(recipient, channel) => edit((d) => setRecipientChannel(d, recipient, channel, isSlackConnected))}
              />
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
                <DueDateField
                  value={draft.dueDate}
                  onChange={(dueDate) => edit((d) => ({ ...d, dueDate }))}
                  error={shown.dueDate ?? serverFieldErrors?.dueDate}
                />
                <TextField
                  select
                  label="Your time zone"
                  value={draft.timeZone}
                  onChange={(event) => edit((d) => ({ ...d, timeZone: event.target.value }))}
                  helperText="The due date ends at midnight here."
                  slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
                >
                  {(timeZones.includes(draft.timeZone) ? timeZones : [draft.timeZone, ...timeZones]).map((zone) => (
                    <MenuItem key={zone} value={zone}>
                      {zone.replaceAll('_', ' ')}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label="Reminders"
                  value={draft.remindAfterDays === null ? 'never' : String(draft.remindAfterDays)}
                  onChange={(event) =>
                    edit((d) => ({ ...d, remindAfterDays: event.target.value === 'never' ? null : Number(event.target.value) }))
                  }
                  helperText="At most 3, on weekdays in each person’s working hours."
                >
                  {[...new Set([...REMIND_CHOICES, ...(draft.remindAfterDays ? [draft.remindAfterDays] : [])])]
                    .sort((a, b) => a - b)
                    .map((days) => (
                      <MenuItem key={days} value={String(days)}>
                        Remind after {days} {days === 1 ? 'day' : 'days'}
                      </MenuItem>
                    ))}
                  <MenuItem value="never">Never remind</MenuItem>
                </TextField>
              </Box>
              <FormControlLabel
                control={
                  <Switch checked={draft.confidential} onChange={(event) => edit((d) => ({ ...d, confidential: event.target.checked }))} />
                }
                label="Confidential"
              />
            </Box>
          </ComposerCard>
        </Box>

        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 }, minWidth: 0 }}>
          <ComposerCard title="Preview" description="What each person sees when they open their link.">
            <RequestPreview draft={draft} />
          </ComposerCard>
        </Box>
      </Box>

      <ConfirmDialog
        open={pendingItem !== undefined}
        title="Remove this question?"
        confirmLabel="Remove"
        isDestructive
        onClose={() => setPendingRemoval(null)}
        onConfirm={() => {
          if (pendingRemoval) removeItem(pendingRemoval);
          setPendingRemoval(null);
        }}
      >
        “{pendingItem?.prompt.trim() || 'Untitled question'}” and its options will be removed.
      </ConfirmDialog>
    </>
  );
}
