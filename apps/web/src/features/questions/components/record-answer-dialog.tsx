import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { validateAnswer, type AnswerValue, type QuestionRequestDetail, type Recipient } from '@tandem/contract';
import { useState } from 'react';
import { AnswerField } from '@/components/questions/answer-field';
import { getApiErrorMessage } from '@/lib/error-message';
import { showToast } from '@/lib/toast-store';
import { useRecordAnswers } from '../api/request-mutations';
import { contactName } from '../utils/request-format';

/** Props of {@link RecordAnswerDialog}. */
export interface RecordAnswerDialogProps {
  workspaceId: string;
  request: QuestionRequestDetail;
  /** The person answered for; null = closed. */
  recipient: Recipient | null;
  onClose: () => void;
}

/**
 * "Record an answer" (issue #10: from a call or an email): one AnswerField per question, filled
 * with the person's current answers; each value is checked with the contract's validateAnswer, then
 * PUT …/recipients/{recipientId}/answers saves the changed ones (via MEMBER, with who entered them).
 * An emptied answer is cleared. Server errors per item (`answers.{itemId}`) show under the field.
 */
export function RecordAnswerDialog({ workspaceId, request, recipient, onClose }: RecordAnswerDialogProps) {
  return (
    <Dialog open={recipient !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="record-answer-title">
      {recipient && (
        <RecordAnswerForm key={recipient.id} workspaceId={workspaceId} request={request} recipient={recipient} onClose={onClose} />
      )}
    </Dialog>
  );
}

function RecordAnswerForm({ workspaceId, request, recipient, onClose }: RecordAnswerDialogProps & { recipient: Recipient }) {
  const initial = new Map(
    request.answers.filter((answer) => answer.recipientId === recipient.id).map((answer) => [answer.itemId, answer.value]),
  );
  const [values, setValues] = useState<Record<string, AnswerValue | null>>(() =>
    Object.fromEntries(request.items.map((item) => [item.id, initial.get(item.id) ?? null])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = useRecordAnswers();

  const submit = () => {
    const found: Record<string, string> = {};
    const answers: { itemId: string; value: AnswerValue | null }[] = [];
    for (const item of request.items) {
      const value = values[item.id] ?? null;
      const before = initial.get(item.id) ?? null;
      if (JSON.stringify(value) === JSON.stringify(before)) continue;
      if (value === null) {
        answers.push({ itemId: item.id, value: null });
        continue;
      }
      const checked = validateAnswer(item, value);
      if ('error' in checked) found[item.id] = checked.error;
      else answers.push({ itemId: item.id, value: checked.value });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (answers.length === 0) {
      onClose();
      return;
    }
    record.mutate(
      { workspaceId, requestId: request.id, recipientId: recipient.id, body: { answers } },
      {
        onSuccess: () => {
          showToast(`Answers of ${contactName(recipient.contact)} saved.`, 'success');
          onClose();
        },
        onError: (error) => {
          const fromServer: Record<string, string> = {};
          for (const [key, message] of Object.entries(error.errorData ?? {})) {
            const itemId = key.startsWith('answers.') ? key.slice('answers.'.length) : null;
            if (itemId) fromServer[itemId] = String(message);
          }
          setErrors(fromServer);
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogTitle id="record-answer-title">Record answers for {contactName(recipient.contact)}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        <DialogContentText>For answers given on a call or by email. They are marked as entered by you.</DialogContentText>
        {request.items.map((item) => (
          <AnswerField
            key={item.id}
            item={item}
            value={values[item.id] ?? null}
            onChange={(value) => setValues((current) => ({ ...current, [item.id]: value }))}
            error={errors[item.id] ?? null}
          />
        ))}
        {record.isError && Object.keys(errors).length === 0 && <Alert severity="error">{getApiErrorMessage(record.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={record.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={record.isPending}>
          Save answers
        </Button>
      </DialogActions>
    </Box>
  );
}
