import ArrowBack from '@mui/icons-material/ArrowBack';
import DoneAll from '@mui/icons-material/DoneAll';
import History from '@mui/icons-material/History';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { Brief, BriefSection, WorkspaceMemberType } from '@tandem/contract';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast-store';
import { useChangeBriefStatus, type BriefStatusAction } from '../api/change-brief-status';
import { getBriefAbilities } from '../utils/brief-permissions';
import { BriefHistoryDrawer } from './brief-history-drawer';
import { BriefReadView } from './brief-read-view';
import { SectionMarkControls, SectionMarkSummary } from './section-mark';
import { ShareBriefButton } from './share-brief-button';

/** Props of {@link BriefReader}. */
export interface BriefReaderProps {
  workspaceId: string;
  /** The brief as the cache holds it now: live events refetch it and the page re-renders. */
  brief: Brief;
  member: { type: WorkspaceMemberType };
  /** The Read / Edit toggle, for members who may edit briefs. */
  modeToggle?: ReactNode;
}

/**
 * /executive-briefs/{id} in reading mode (issue #9: "the executive reads it, often on a phone,
 * minutes before, marks what is decided and what needs more"): the brief rendered (safe markdown),
 * its meeting header and, under each section, the EXECUTIVE's mark buttons with a note, or the mark
 * as a chip for everyone else. "Acknowledge" (EXECUTIVE, READY brief) is at the top and again after
 * the last section; editors get "Mark ready" on a draft, Share and History (PRODUCT §6). USERs and
 * GUESTs get the brief and its marks only.
 */
export function BriefReader({ workspaceId, brief, member, modeToggle }: BriefReaderProps) {
  const abilities = getBriefAbilities(member.type, brief);
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const changeStatus = useChangeBriefStatus();
  const handleStatus = (action: BriefStatusAction) =>
    changeStatus.mutate(
      { workspaceId, brief: { id: brief.id, version: brief.version }, action },
      { onSuccess: () => showToast(action === 'ready' ? 'Marked ready. The executive can read it now.' : 'Acknowledged.', 'success') },
    );
  const renderMark = (section: BriefSection) =>
    abilities.canMark ? (
      <SectionMarkControls workspaceId={workspaceId} briefId={brief.id} section={section} />
    ) : (
      <SectionMarkSummary section={section} />
    );
  const acknowledgeButton = (
    <Button
      variant="contained"
      startIcon={<DoneAll />}
      onClick={() => handleStatus('acknowledge')}
      loading={changeStatus.isPending}
      sx={{ minHeight: 44 }}
    >
      Acknowledge
    </Button>
  );
  const actions = abilities.canAcknowledge ? (
    acknowledgeButton
  ) : abilities.canMarkReady ? (
    <Button
      variant="contained"
      startIcon={<TaskAlt />}
      onClick={() => handleStatus('ready')}
      loading={changeStatus.isPending}
      sx={{ minHeight: 44 }}
    >
      Mark ready
    </Button>
  ) : null;
  // After the last section, where the executive's reading ends: acknowledging needs no scrolling back.
  const footer = abilities.canAcknowledge && (
    <Card
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
    >
      <Typography sx={{ flex: '1 1 16rem' }}>
        Read it all? Acknowledging tells {brief.createdBy?.firstName ?? 'the author'} you are ready for the meeting.
      </Typography>
      {acknowledgeButton}
    </Card>
  );

  return (
    <>
      <title>{`${brief.title} · Briefs · Tandem`}</title>
      <Box sx={{ maxWidth: 760, mx: 'auto', display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button component={RouterLink} to={paths.briefs.list.getHref()} startIcon={<ArrowBack />} color="inherit" size="small">
          Briefs
        </Button>
        <Box sx={{ flex: 1 }} />
        {modeToggle}
        <ShareBriefButton brief={brief} />
        {abilities.canEdit && (
          <Button startIcon={<History />} onClick={() => setHistoryOpen(true)} color="inherit">
            History
          </Button>
        )}
      </Box>
      <BriefReadView brief={brief} renderMark={renderMark} actions={actions} footer={footer || undefined} />
      {abilities.canEdit && (
        <BriefHistoryDrawer
          open={isHistoryOpen}
          workspaceId={workspaceId}
          brief={brief}
          canRestore
          hasUnsavedChanges={false}
          onRestored={(_restored, version) => {
            showToast(`Version ${version} restored.`, 'success');
            setHistoryOpen(false);
          }}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </>
  );
}
