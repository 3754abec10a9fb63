import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import History from '@mui/icons-material/History';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BRIEF_TITLE_MAX, type Brief, type BriefSection, type Member, type WorkspaceMemberType } from '@tandem/contract';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useBlocker, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast-store';
import { BriefSectionDraftAssist, mergeDraftIntoBody } from '@/features/ai';
import { useChangeBriefStatus, type BriefStatusAction } from '../api/change-brief-status';
import { useDeleteBrief } from '../api/delete-brief';
import { useBriefAutosave } from '../hooks/use-brief-autosave';
import type { BriefContent } from '../utils/brief-content';
import { getBriefAbilities } from '../utils/brief-permissions';
import { getBrowserTimeZone, toMeetingInstant, toWallClock } from '../utils/meeting-time';
import { BriefAttendeesField } from './brief-attendees-field';
import { BriefConflictDialog } from './brief-conflict-dialog';
import { BriefHistoryDrawer } from './brief-history-drawer';
import { BriefSectionsEditor } from './brief-sections-editor';
import { BriefStatusChip } from './brief-status-chip';
import { MeetingFields, type MeetingValue } from './meeting-fields';
import { SaveIndicator } from './save-indicator';
import { SectionMarkControls, SectionMarkSummary } from './section-mark';
import { ShareBriefButton } from './share-brief-button';

/** Props of {@link BriefEditor}. */
export interface BriefEditorProps {
  workspaceId: string;
  /** The brief as the cache holds it now (live events refetch it): status, marks, others' saves. */
  brief: Brief;
  member: { id: string; type: WorkspaceMemberType };
  members: readonly Member[];
  /** The Read / Edit toggle of the page, shown in the toolbar. */
  modeToggle?: ReactNode;
}

const meetingOf = (draft: BriefContent): MeetingValue => {
  const timeZone = draft.meetingTimeZone ?? getBrowserTimeZone();
  const clock = draft.meetingAt ? toWallClock(draft.meetingAt, timeZone) : null;
  return { date: clock, time: clock, timeZone };
};

/**
 * /executive-briefs/{id} for those who edit briefs (issue #9): the title edited in place, status and
 * its actions (Mark ready from DRAFT; Acknowledge for the EXECUTIVE from READY), the meeting (date,
 * time, zone), attendees and the confidential switch, the sections editor, and under each section
 * the executive's marks (buttons for the EXECUTIVE, the mark with its note for everyone else).
 * Everything autosaves (hooks/use-brief-autosave.ts) with its state shown in the toolbar; leaving
 * with unsaved changes (to another page, or to reading mode) asks first, and goes on by itself once
 * they are saved; a conflicting save opens the conflict dialog. The toolbar holds the Read / Edit
 * toggle, Share, the version history and Delete.
 */
export function BriefEditor({ workspaceId, brief, member, members, modeToggle }: BriefEditorProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const [initial] = useState(brief);
  const autosave = useBriefAutosave(workspaceId, initial, brief, member.id);
  const { draft, edit, state, isUnsaved } = autosave;
  const abilities = getBriefAbilities(member.type, brief);
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const isDeleted = useRef(false);
  const changeStatus = useChangeBriefStatus();
  const remove = useDeleteBrief();

  // The meeting fields hold what is typed, also half a date; the draft gets a meeting once it is whole.
  const [meeting, setMeeting] = useState<MeetingValue>(() => meetingOf(draft));
  const [shownMeeting, setShownMeeting] = useState({ at: draft.meetingAt, zone: draft.meetingTimeZone });
  if (shownMeeting.at !== draft.meetingAt || shownMeeting.zone !== draft.meetingTimeZone) {
    setShownMeeting({ at: draft.meetingAt, zone: draft.meetingTimeZone });
    const instant = toMeetingInstant(meeting.date, meeting.time, meeting.timeZone);
    // Someone else's meeting (or a restore) arrived: the fields show it.
    if (instant !== draft.meetingAt || (draft.meetingAt !== null && meeting.timeZone !== draft.meetingTimeZone))
      setMeeting(meetingOf(draft));
  }
  const isMeetingPartial = (meeting.date === null) !== (meeting.time === null);
  const handleMeetingChange = (next: MeetingValue) => {
    setMeeting(next);
    const meetingAt = toMeetingInstant(next.date, next.time, next.timeZone);
    const isCleared = next.date === null && next.time === null;
    if (meetingAt || isCleared) {
      edit((current) => ({ ...current, meetingAt, meetingTimeZone: meetingAt ? next.timeZone : null }));
    }
  };

  const liveSections = useMemo(() => new Map(brief.sections.map((section) => [section.id, section])), [brief.sections]);
  const memberNames = useMemo(() => new Map(members.map((item) => [item.id, `${item.firstName} ${item.lastName}`])), [members]);
  const renderMark = (section: BriefSection) =>
    abilities.canMark ? (
      <SectionMarkControls workspaceId={workspaceId} briefId={brief.id} section={section} />
    ) : (
      <SectionMarkSummary section={section} />
    );

  // Leaving with unsaved changes asks first (in-app navigation, switching to reading, closing the tab).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isUnsaved &&
      !isDeleted.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state === 'blocked' && !isUnsaved) blocker.proceed();
  }, [blocker, isUnsaved]);
  useEffect(() => {
    if (!isUnsaved) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isUnsaved]);

  const handleStatus = (action: BriefStatusAction) =>
    changeStatus.mutate(
      { workspaceId, brief: { id: brief.id, version: state.base.version }, action },
      { onSuccess: () => showToast(action === 'ready' ? 'Marked ready. The executive can read it now.' : 'Acknowledged.', 'success') },
    );
  const handleDelete = () =>
    remove.mutate(
      { workspaceId, brief: { id: brief.id, version: state.base.version } },
      {
        onSuccess: () => {
          isDeleted.current = true;
          showToast(`“${draft.title.trim() || 'The brief'}” was deleted.`, 'success');
          void navigate(paths.briefs.list.getHref(), { replace: true });
        },
        onSettled: () => setDeleting(false),
      },
    );

  const titleError =
    draft.title.trim() === ''
      ? 'Enter a title.'
      : draft.title.trim().length > BRIEF_TITLE_MAX
        ? `A title can be at most ${BRIEF_TITLE_MAX} characters.`
        : null;
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <title>{`${draft.title.trim() || 'Untitled brief'} · Briefs · Tandem`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button component={RouterLink} to={paths.briefs.list.getHref()} startIcon={<ArrowBack />} color="inherit" size="small">
          Briefs
        </Button>
        <SaveIndicator {...autosave.indicator} />
        <Box sx={{ flex: 1 }} />
        {modeToggle}
        <ShareBriefButton brief={brief} />
        <Button startIcon={<History />} onClick={() => setHistoryOpen(true)} color="inherit">
          History
        </Button>
        <IconButton aria-label="More actions" aria-haspopup="menu" onClick={(event) => setMenuAnchor(event.currentTarget)}>
          <MoreVert />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setDeleting(true);
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteOutlined fontSize="small" />
            </ListItemIcon>
            Delete brief
          </MenuItem>
        </Menu>
      </Box>

      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <BriefStatusChip status={brief.status} />
        {draft.confidential && <Chip size="small" icon={<LockOutlined />} label="Confidential" />}
        <Box sx={{ flex: 1 }} />
        {abilities.canMarkReady && (
          <Button
            variant="contained"
            startIcon={<TaskAlt />}
            onClick={() => handleStatus('ready')}
            loading={changeStatus.isPending}
            disabled={isUnsaved || state.conflict !== null}
          >
            Mark ready
          </Button>
        )}
        {abilities.canAcknowledge && (
          <Button
            variant="contained"
            startIcon={<DoneAll />}
            onClick={() => handleStatus('acknowledge')}
            loading={changeStatus.isPending}
            disabled={isUnsaved}
          >
            Acknowledge
          </Button>
        )}
      </Box>
      {brief.status === 'ACKNOWLEDGED' && brief.acknowledgedBy && brief.acknowledgedAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Acknowledged by {brief.acknowledgedBy.firstName} {brief.acknowledgedBy.lastName}. Editing its content takes it back to draft.
        </Typography>
      )}
      {abilities.canMarkReady && isUnsaved && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          “Mark ready” is available once your changes are saved.
        </Typography>
      )}

      {/* The page's h1 for assistive technology; the field below is how the title is seen and edited. */}
      <Typography id={titleId} component="h1" sx={visuallyHidden}>
        {draft.title.trim() || 'Untitled brief'}
      </Typography>
      <TextField
        value={draft.title}
        onChange={(event) => edit((current) => ({ ...current, title: event.target.value }))}
        variant="standard"
        fullWidth
        placeholder="Brief title"
        error={titleError !== null}
        helperText={titleError}
        slotProps={{
          htmlInput: { 'aria-label': 'Title', maxLength: BRIEF_TITLE_MAX + 50 },
          input: { disableUnderline: titleError === null, sx: { fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 700 } },
        }}
        sx={{ mb: 2 }}
      />

      {state.notice && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={autosave.dismissNotice}>
          {state.notice}
        </Alert>
      )}
      {state.failure?.status === 404 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          This brief no longer exists; your text is still here, copy what you need.
        </Alert>
      )}

      <Card variant="outlined" component="section" aria-label="Meeting" sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'grid', gap: 2 }}>
        <MeetingFields
          value={meeting}
          onChange={handleMeetingChange}
          error={isMeetingPartial ? 'Enter both the date and the time, or neither.' : null}
          size="small"
        />
        <BriefAttendeesField
          value={draft.attendeeIds}
          onChange={(attendeeIds) => edit((current) => ({ ...current, attendeeIds }))}
          members={members}
          known={brief.attendees}
          size="small"
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.confidential}
              onChange={(event) => edit((current) => ({ ...current, confidential: event.target.checked }))}
            />
          }
          label="Confidential (no share links)"
        />
      </Card>

      <BriefSectionsEditor
        sections={draft.sections}
        onChange={(sections) => edit((current) => ({ ...current, sections }))}
        liveSections={liveSections}
        renderMark={renderMark}
        renderAssist={
          abilities.canEdit
            ? (section, name) => (
                <BriefSectionDraftAssist
                  workspaceId={workspaceId}
                  briefId={brief.id}
                  sectionId={section.id ?? undefined}
                  sectionName={name}
                  isConfidential={draft.confidential || brief.confidential}
                  onAccept={(markdown) =>
                    edit((current) => ({
                      ...current,
                      sections: current.sections.map((item) =>
                        item.key === section.key ? { ...item, body: mergeDraftIntoBody(item.body, markdown) } : item,
                      ),
                    }))
                  }
                />
              )
            : undefined
        }
      />

      {state.conflict && (
        <BriefConflictDialog
          open
          current={state.conflict.current}
          conflicts={state.conflict.conflicts}
          memberNames={memberNames}
          onResolve={autosave.resolveConflict}
        />
      )}
      <BriefHistoryDrawer
        open={isHistoryOpen}
        workspaceId={workspaceId}
        brief={{ ...brief, version: state.base.version }}
        canRestore={abilities.canEdit}
        hasUnsavedChanges={isUnsaved}
        onRestored={(restored, version) => {
          autosave.replace(restored, `Version ${version} restored.`);
          setHistoryOpen(false);
        }}
        onClose={() => setHistoryOpen(false)}
      />
      <ConfirmDialog
        open={isDeleting}
        title={`Delete “${draft.title.trim() || 'this brief'}”?`}
        confirmLabel="Delete brief"
        isDestructive
        isPending={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(false)}
      >
        The brief, its history and its share links are removed for everyone. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave before your changes are saved?"
        confirmLabel="Leave anyway"
        isDestructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {autosave.indicator.kind === 'offline'
          ? 'You are offline: your latest changes are only on this page.'
          : 'Your latest changes are still being saved. If you leave now, they may be lost.'}
      </ConfirmDialog>
    </Box>
  );
}
