import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BRIEF_TITLE_MAX, type Brief, type BriefTemplate } from '@tandem/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { isApiError } from '@/lib/api-error';
import { useCreateBrief } from '../api/create-brief';
import { getBrowserTimeZone, toMeetingInstant } from '../utils/meeting-time';
import { MeetingFields, type MeetingValue } from './meeting-fields';

/** Props of {@link NewBriefDialog}. */
export interface NewBriefDialogProps {
  open: boolean;
  workspaceId: string;
  /** The templates to start from (built-ins first); may still be loading (empty). */
  templates: readonly BriefTemplate[];
  onCreated: (brief: Brief) => void;
  onClose: () => void;
}

const BLANK = '';

/**
 * "New brief" (issue #9): a title, a template (or blank), and optionally the meeting's date, time
 * and zone (the viewer's zone by default) → POST …/briefs → `onCreated` (the list opens it). The
 * server's field messages land on the fields; nothing typed is lost on a refusal.
 */
export function NewBriefDialog({ open, workspaceId, templates, onCreated, onClose }: NewBriefDialogProps) {
  const [title, setTitle] = useState('');
  const [templateId, setTemplateId] = useState(BLANK);
  const [meeting, setMeeting] = useState<MeetingValue>(() => ({ date: null, time: null, timeZone: getBrowserTimeZone() }));
  const [errors, setErrors] = useState<{ title?: string; meeting?: string }>({});
  const titleInput = useRef<HTMLInputElement>(null);
  // The dialog exists to name a brief: typing starts in the title once it has opened.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => titleInput.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const create = useCreateBrief({ meta: { errorToast: (error) => !error.errorData } });

  const reset = () => {
    setTitle('');
    setTemplateId(BLANK);
    setMeeting({ date: null, time: null, timeZone: getBrowserTimeZone() });
    setErrors({});
  };
  const handleClose = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const meetingAt = toMeetingInstant(meeting.date, meeting.time, meeting.timeZone);
    const hasPartialMeeting = meetingAt === null && (meeting.date !== null || meeting.time !== null);
    const nextErrors = {
      title:
        title.trim() === ''
          ? 'Enter a title.'
          : title.trim().length > BRIEF_TITLE_MAX
            ? `A title can be at most ${BRIEF_TITLE_MAX} characters.`
            : undefined,
      meeting: hasPartialMeeting ? 'Enter both the date and the time, or neither.' : undefined,
    };
    setErrors(nextErrors);
    if (nextErrors.title || nextErrors.meeting) return;
    try {
      const brief = await create.mutateAsync({
        workspaceId,
        body: {
          title: title.trim(),
          ...(templateId ? { templateId } : {}),
          ...(meetingAt ? { meetingAt, meetingTimeZone: meeting.timeZone } : {}),
        },
      });
      reset();
      onCreated(brief);
    } catch (error) {
      // The server's field messages (PRODUCT §4) go under their fields; anything else is the toast's.
      const data = isApiError(error) ? error.errorData : null;
      if (data) setErrors({ title: data.title, meeting: data.meetingAt ?? data.meetingTimeZone ?? data.templateId });
    }
  };

  return (
    <FormDialog
      open={open}
      title="New brief"
      submitLabel="Create brief"
      onSubmit={(event) => void handleSubmit(event)}
      onClose={handleClose}
      isSubmitting={create.isPending}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          label="Title"
          inputRef={titleInput}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          error={Boolean(errors.title)}
          helperText={errors.title}
          slotProps={{ htmlInput: { maxLength: BRIEF_TITLE_MAX + 50 } }}
        />
        <TextField select label="Template" value={templateId} onChange={(event) => setTemplateId(event.target.value)}>
          <MenuItem value={BLANK}>Blank brief</MenuItem>
          {templates.map((template) => (
            <MenuItem key={template.id} value={template.id}>
              {template.name}
            </MenuItem>
          ))}
        </TextField>
        <MeetingFields value={meeting} onChange={setMeeting} error={errors.meeting} />
      </Stack>
    </FormDialog>
  );
}
