import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/FileDownloadOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import AutoAwesome from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { QuestionRequestDetail, Recipient } from '@tandem/contract';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ActionReason } from '@/components/ui/action-reason';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { getApiErrorMessage } from '@/lib/error-message';
import { showErrorToast, showToast } from '@/lib/toast-store';
import { downloadAnswersCsv } from '../api/download-answers-csv';
import { useCloseQuestionRequest, useRemindRecipients, useRevokeRecipientLink, useSendRecipientEmail } from '../api/request-mutations';
import { describeRemindResult } from '../utils/remind-result';
import { contactName, formatDueDate, formatWhen, isRemindable } from '../utils/request-format';
import { AnswersGrid } from './answers-grid';
import { RecipientList } from './recipient-list';
import { RecordAnswerDialog } from './record-answer-dialog';
import { RequestProgressBar, RequestStatusChip } from './request-progress';

/** Props of {@link RequestDetailView}. */
export interface RequestDetailViewProps {
  workspaceId: string;
  request: QuestionRequestDetail;
  /** OWNER, EXECUTIVE, EXECUTIVEASSISTANT (PRODUCT §6 editQuestions); a USER reads only. */
  canEdit: boolean;
}

/** Why AI actions are off for a confidential request (issue #11: never sent to any provider). */
const CONFIDENTIAL_AI_REASON = 'Confidential requests are never sent to an AI assistant.';

function DetailCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}

/**
 * A sent or closed request (issue #10 /questions/{id}): status, due date and progress; each person
 * with their channel, state and times, copy link, remind (one, or "Remind all pending"), revoke link
 * (after a confirm), record answers on their behalf, "Send by email instead" after a delivery
 * failure (issue #12); the answers by person or by question; Close request
 * (confirm; answers become read-only) and Export CSV. Live through `question` events (the route's
 * query is refetched by events/question-events.ts).
 */
export function RequestDetailView({ workspaceId, request, canEdit }: RequestDetailViewProps) {
  const isOpen = request.status === 'SENT';
  const ref = { workspaceId, requestId: request.id };
  const remind = useRemindRecipients();
  const revoke = useRevokeRecipientLink();
  const close = useCloseQuestionRequest();
  const [revoking, setRevoking] = useState<Recipient | null>(null);
  const [recording, setRecording] = useState<Recipient | null>(null);
  const [isClosing, setClosing] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const [remindingId, setRemindingId] = useState<string | null>(null);
  const sendEmail = useSendRecipientEmail();
  const pending = request.recipients.filter(isRemindable);

  const sendReminder = (recipientIds?: string[]) => {
    setRemindingId(recipientIds?.[0] ?? 'all');
    remind.mutate(
      { ...ref, recipientIds },
      {
        onSuccess: (result) => {
          const { message, type } = describeRemindResult(result);
          showToast(message, type);
        },
        onError: (error) => showToast(getApiErrorMessage(error), 'error'),
        onSettled: () => setRemindingId(null),
      },
    );
  };

  const sendByEmail = (recipient: Recipient) =>
    sendEmail.mutate(
      { ...ref, recipientId: recipient.id },
      {
        onSuccess: () => showToast(`Sent to ${contactName(recipient.contact)} by email.`, 'success'),
        onError: (error) => showToast(getApiErrorMessage(error), 'error'),
      },
    );

  const copyLink = async (recipient: Recipient) => {
    try {
      await navigator.clipboard.writeText(recipient.link.url);
      showToast(`Link of ${contactName(recipient.contact)} copied.`, 'success');
    } catch {
      showToast('The link could not be copied. Select it and copy it yourself: ' + recipient.link.url, 'error');
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAnswersCsv(workspaceId, request.id, request.title);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <title>{`${request.title} · Questions · Tandem`}</title>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
        <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={paths.questions.hub.getHref()}
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <ArrowBack fontSize="inherit" aria-hidden="true" /> Questions
          </Link>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
              {request.title}
            </Typography>
            <RequestStatusChip status={request.status} />
          </Box>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {[
              request.dueDate ? `Due ${formatDueDate(request.dueDate)}` : 'No due date',
              request.sentAt ? `sent ${formatWhen(request.sentAt)}` : null,
              request.closedAt ? `closed ${formatWhen(request.closedAt)}` : null,
              request.confidential ? 'confidential' : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <Box sx={{ maxWidth: 360, mt: 1 }}>
            <RequestProgressBar progress={request.progress} label="Answered" />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<Download />} loading={isExporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
          {canEdit && request.answers.length > 0 && (
            <ActionReason reason={request.confidential ? CONFIDENTIAL_AI_REASON : null}>
              {request.confidential ? (
                <Button variant="outlined" startIcon={<AutoAwesome />} disabled>
                  Summarise answers
                </Button>
              ) : (
                <Button
                  variant="outlined"
                  startIcon={<AutoAwesome />}
                  component={RouterLink}
                  to={paths.questions.summaries.new.getHref({ requestId: request.id })}
                >
                  Summarise answers
                </Button>
              )}
            </ActionReason>
          )}
          {canEdit && isOpen && (
            <Button variant="outlined" startIcon={<LockOutlined />} onClick={() => setClosing(true)}>
              Close request
            </Button>
          )}
        </Box>
      </Box>

      {request.status === 'CLOSED' && (
        <Typography sx={{ mb: 2 }} color="text.secondary">
          This request is closed: answers are read-only.
        </Typography>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        }}
      >
        <DetailCard
          title={`People (${request.recipients.length})`}
          action={
            canEdit && isOpen && pending.length > 0 ? (
              <Button size="small" startIcon={<NotificationsActive />} loading={remindingId === 'all'} onClick={() => sendReminder()}>
                Remind all pending
              </Button>
            ) : undefined
          }
        >
          <RecipientList
            recipients={request.recipients}
            actions={{
              onCopyLink: (recipient) => void copyLink(recipient),
              remindingId,
              emailingId: sendEmail.isPending ? sendEmail.variables.recipientId : null,
              ...(canEdit && isOpen
                ? {
                    onRemind: (recipient: Recipient) => sendReminder([recipient.id]),
                    onSendByEmail: sendByEmail,
                    onRevoke: setRevoking,
                    onRecord: setRecording,
                  }
                : {}),
            }}
          />
        </DetailCard>
        <DetailCard title="Answers">
          {request.context && (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', mb: 2, overflowWrap: 'anywhere' }}>
              {request.context}
            </Typography>
          )}
          <AnswersGrid request={request} />
          {/* Issue #11 (AI) adds a summary of the answers here. */}
        </DetailCard>
      </Box>

      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the link of ${revoking ? contactName(revoking.contact) : ''}?`}
        confirmLabel="Revoke link"
        isDestructive
        isPending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(
            { ...ref, recipientId: revoking.id },
            {
              onSuccess: () => showToast('Link revoked.', 'success'),
              onSettled: () => setRevoking(null),
            },
          )
        }
      >
        The link stops working at once; their answers so far are kept.
      </ConfirmDialog>
      <ConfirmDialog
        open={isClosing}
        title="Close this request?"
        confirmLabel="Close request"
        isPending={close.isPending}
        onClose={() => setClosing(false)}
        onConfirm={() =>
          close.mutate(
            { ...ref, version: request.version },
            {
              onSuccess: () => showToast('Request closed.', 'success'),
              onSettled: () => setClosing(false),
            },
          )
        }
      >
        No one can answer or change answers after this. Reminders stop.
      </ConfirmDialog>
      <RecordAnswerDialog workspaceId={workspaceId} request={request} recipient={recording} onClose={() => setRecording(null)} />
    </>
  );
}
