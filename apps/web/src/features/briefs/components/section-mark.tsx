import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Gavel from '@mui/icons-material/Gavel';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { MARK_NOTE_MAX, sectionMarkLabels, sectionMarks, type BriefSection, type SectionMark } from '@tandem/contract';
import { useId, useState, type ReactElement } from 'react';
import { formatRelativeTime } from '@/lib/relative-time';
import { useMarkSection } from '../api/mark-section';

const markIcons: Record<SectionMark, ReactElement> = {
  READ: <CheckCircleOutline fontSize="small" aria-hidden="true" />,
  DECIDED: <Gavel fontSize="small" aria-hidden="true" />,
  NEED_MORE: <HelpOutline fontSize="small" aria-hidden="true" />,
};
const markColors = { READ: 'default', DECIDED: 'success', NEED_MORE: 'warning' } as const satisfies Record<SectionMark, string>;

/**
 * A section's mark as others see it (issue #9: "the assistant's view shows every section's mark"):
 * a chip with the mark, the note, and who marked it when. Nothing for an unmarked section.
 */
export function SectionMarkSummary({ section }: { section: BriefSection }) {
  if (!section.mark) return null;
  const who = section.markedBy ? `${section.markedBy.firstName} ${section.markedBy.lastName}` : 'The executive';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Chip size="small" color={markColors[section.mark]} icon={markIcons[section.mark]} label={sectionMarkLabels[section.mark]} />
      {section.markNote && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          “{section.markNote}”
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {who}
        {section.markedAt ? `, ${formatRelativeTime(section.markedAt)}` : ''}
      </Typography>
    </Box>
  );
}

/** Props of {@link SectionMarkControls}. */
export interface SectionMarkControlsProps {
  workspaceId: string;
  briefId: string;
  section: BriefSection;
}

/**
 * The executive's marks of one section (issue #9; PRODUCT §6 EXECUTIVE only): Read / Decided /
 * Need more as toggle buttons big enough to tap on a phone (pressing the current one clears it),
 * and an optional one-line note saved with Enter or "Save note". "Need more" tells the author.
 */
export function SectionMarkControls({ workspaceId, briefId, section }: SectionMarkControlsProps) {
  const noteId = useId();
  const mark = useMarkSection();
  const [note, setNote] = useState(section.markNote ?? '');
  // Someone (or another tab) changed the note: the field follows unless it is being edited.
  const [shownNote, setShownNote] = useState(section.markNote);
  const [isEditingNote, setEditingNote] = useState(false);
  if (section.markNote !== shownNote) {
    setShownNote(section.markNote);
    if (!isEditingNote) setNote(section.markNote ?? '');
  }
  const send = (next: SectionMark | null, nextNote: string) =>
    mark.mutate({
      workspaceId,
      briefId,
      sectionId: section.id,
      body: { mark: next, note: next && nextNote.trim() ? nextNote.trim() : null },
    });
  const isNoteChanged = note.trim() !== (section.markNote ?? '');

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <ToggleButtonGroup
        exclusive
        aria-label={`Your mark for “${section.heading || 'this section'}”`}
        value={section.mark}
        disabled={mark.isPending}
        onChange={(_event, next: SectionMark | null) => send(next, note)}
        // On a phone the three buttons share the row equally, icon over label; wider, they sit side by side.
        sx={{
          display: { xs: 'grid', sm: 'inline-flex' },
          gridTemplateColumns: 'repeat(3, 1fr)',
          justifySelf: 'start',
          width: { xs: '100%', sm: 'auto' },
          '& .MuiToggleButton-root': {
            minHeight: 44,
            px: { xs: 1, sm: 2 },
            gap: { xs: 0.25, sm: 0.75 },
            flexDirection: { xs: 'column', sm: 'row' },
            textTransform: 'none',
            fontWeight: 600,
            lineHeight: 1.25,
          },
          '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' },
        }}
      >
        {sectionMarks.map((value) => (
          <ToggleButton key={value} value={value} color={markColors[value] === 'default' ? 'primary' : markColors[value]}>
            {markIcons[value]}
            {sectionMarkLabels[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {section.mark && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setEditingNote(false);
            send(section.mark, note);
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <TextField
            id={noteId}
            size="small"
            label="Note (optional)"
            value={note}
            onFocus={() => setEditingNote(true)}
            onBlur={() => setEditingNote(false)}
            onChange={(event) => setNote(event.target.value.replace(/[\r\n]+/g, ' '))}
            fullWidth
            error={note.length > MARK_NOTE_MAX}
            helperText={note.length > MARK_NOTE_MAX ? `A note can be at most ${MARK_NOTE_MAX} characters.` : undefined}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={!isNoteChanged || note.length > MARK_NOTE_MAX}
            loading={mark.isPending}
            sx={{ minHeight: 40, flexShrink: 0 }}
          >
            Save note
          </Button>
        </Box>
      )}
    </Box>
  );
}
