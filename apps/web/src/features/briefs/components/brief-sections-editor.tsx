import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { BRIEF_SECTION_HEADING_MAX, BRIEF_SECTIONS_MAX, type BriefSection } from '@tandem/contract';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LazyMarkdown } from '@/components/ui/lazy-markdown';
import { createDraftSection, moveItem, type DraftSection } from '../utils/brief-content';

/** Props of {@link BriefSectionsEditor}. */
export interface BriefSectionsEditorProps {
  sections: readonly DraftSection[];
  onChange: (sections: DraftSection[]) => void;
  /** The server's copy of each section by id (marks), for what shows under a section. */
  liveSections: ReadonlyMap<string, BriefSection>;
  /** What shows under a saved section: its mark, or the executive's mark buttons. */
  renderMark?: (section: BriefSection) => ReactNode;
  /**
   * Extra actions under a section's text (the editor's "Draft with AI", issue #11): `name` is how the
   * section is named to people ("“Risks”", "Section 2").
   */
  renderAssist?: (section: DraftSection, name: string) => ReactNode;
}

const screenReaderInstructions = {
  draggable:
    'To move this section, press Space or Enter, use the up and down arrow keys to choose its place, then press Space or Enter again. Escape cancels.',
};

const nameOf = (section: DraftSection | undefined, index: number) =>
  section?.heading.trim() ? `“${section.heading.trim()}”` : `Section ${index + 1}`;

/**
 * The sections of a brief being edited (issue #9): each a heading and a markdown body with Write /
 * Preview tabs (the preview through the safe markdown component), the template's guidance as the
 * empty body's placeholder. Sections are added at the end, removed (asking first when there is text),
 * and reordered by dragging the handle (mouse, touch, or keyboard: Space, arrows, Space — announced
 * to screen readers) or with the Move up / Move down buttons.
 */
export function BriefSectionsEditor({ sections, onChange, liveSections, renderMark, renderAssist }: BriefSectionsEditorProps) {
  const [removing, setRemoving] = useState<DraftSection | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (key: unknown) => sections.findIndex((section) => section.key === key);
  const describe = (key: unknown) => nameOf(sections[indexOf(key)], indexOf(key));
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${describe(active.id)}, position ${indexOf(active.id) + 1} of ${sections.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${describe(active.id)} is at position ${indexOf(over.id) + 1} of ${sections.length}.`
        : `${describe(active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${describe(active.id)} was dropped at position ${indexOf(over.id) + 1} of ${sections.length}.`
        : `${describe(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${describe(active.id)} was cancelled.`,
  };

  const update = (key: string, changes: Partial<DraftSection>) =>
    onChange(sections.map((section) => (section.key === key ? { ...section, ...changes } : section)));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= sections.length) return;
    onChange(moveItem(sections, from, to));
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(indexOf(active.id), indexOf(over.id));
  };
  const remove = (key: string) => onChange(sections.filter((section) => section.key !== key));
  const handleRemove = (section: DraftSection) => {
    if (section.heading.trim() || section.body.trim()) setRemoving(section);
    else remove(section.key);
  };
  const handleAdd = () => {
    const section = createDraftSection();
    setFocusKey(section.key);
    onChange([...sections, section]);
  };

  return (
    <Box>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragEnd={handleDragEnd}
      >
        <SortableContext items={sections.map((section) => section.key)} strategy={verticalListSortingStrategy}>
          <Box component="ol" aria-label="Sections" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
            {sections.map((section, index) => (
              <SectionCard
                key={section.key}
                section={section}
                index={index}
                count={sections.length}
                shouldFocus={focusKey === section.key}
                live={section.id ? liveSections.get(section.id) : undefined}
                renderMark={renderMark}
                renderAssist={renderAssist}
                onChange={(changes) => update(section.key, changes)}
                onMove={(to) => move(index, to)}
                onRemove={() => handleRemove(section)}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      <Button startIcon={<Add />} onClick={handleAdd} disabled={sections.length >= BRIEF_SECTIONS_MAX} sx={{ mt: 2 }}>
        Add section
      </Button>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ? nameOf(removing, indexOf(removing.key)) : 'this section'}?`}
        confirmLabel="Remove section"
        isDestructive
        onConfirm={() => {
          if (removing) remove(removing.key);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      >
        Its text goes with it. You can bring it back from the version history.
      </ConfirmDialog>
    </Box>
  );
}

interface SectionCardProps {
  section: DraftSection;
  index: number;
  count: number;
  shouldFocus: boolean;
  live: BriefSection | undefined;
  renderMark?: (section: BriefSection) => ReactNode;
  renderAssist?: (section: DraftSection, name: string) => ReactNode;
  onChange: (changes: Partial<DraftSection>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function SectionCard({ section, index, count, shouldFocus, live, renderMark, renderAssist, onChange, onMove, onRemove }: SectionCardProps) {
  const baseId = useId();
  const headingInput = useRef<HTMLTextAreaElement>(null);
  // A section just added: typing starts in its heading.
  useEffect(() => {
    if (shouldFocus) headingInput.current?.focus();
  }, [shouldFocus]);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: section.key });
  const name = nameOf(section, index);
  const headingLabel = `Heading of section ${index + 1}`;
  const mark = live && renderMark ? renderMark(live) : null;
  return (
    <Box
      component="li"
      ref={setNodeRef}
      sx={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 1 : undefined, position: 'relative' }}
    >
      <Card variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, boxShadow: isDragging ? 6 : undefined }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
          <Tooltip title="Drag to move">
            <IconButton
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-label={`Move ${name}`}
              aria-roledescription="sortable section"
              size="small"
              sx={{ cursor: 'grab', touchAction: 'none' }}
            >
              <DragIndicator fontSize="small" />
            </IconButton>
          </Tooltip>
          <TextField
            value={section.heading}
            // One line of text that wraps on a phone instead of hiding its end.
            onChange={(event) => onChange({ heading: event.target.value.replace(/[\r\n]+/g, ' ') })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            placeholder="Section heading"
            variant="standard"
            multiline
            maxRows={4}
            fullWidth
            inputRef={headingInput}
            slotProps={{
              htmlInput: { 'aria-label': headingLabel, maxLength: BRIEF_SECTION_HEADING_MAX },
              input: { sx: { fontWeight: 600, fontSize: '1.0625rem' } },
            }}
          />
          <IconButton aria-label={`Move ${name} up`} size="small" disabled={index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton aria-label={`Move ${name} down`} size="small" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            <ArrowDownward fontSize="small" />
          </IconButton>
          <IconButton aria-label={`Remove ${name}`} size="small" onClick={onRemove}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Box>
        <Tabs
          value={tab}
          onChange={(_event, next: 'write' | 'preview') => setTab(next)}
          aria-label={`${name}: write or preview`}
          sx={{ minHeight: 36, mb: 1 }}
        >
          <Tab value="write" label="Write" id={`${baseId}-write`} aria-controls={`${baseId}-panel`} sx={{ minHeight: 36, py: 0.5 }} />
          <Tab value="preview" label="Preview" id={`${baseId}-preview`} aria-controls={`${baseId}-panel`} sx={{ minHeight: 36, py: 0.5 }} />
        </Tabs>
        <Box id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}`}>
          {tab === 'write' ? (
            <TextField
              value={section.body}
              onChange={(event) => onChange({ body: event.target.value })}
              placeholder={section.guidance || 'Write in markdown: **bold**, - lists, [links](https://…)'}
              multiline
              minRows={4}
              fullWidth
              slotProps={{ htmlInput: { 'aria-label': `Text of ${name}` } }}
            />
          ) : (
            <Box sx={{ minHeight: 96, px: 1.5, py: 1, border: '1px dashed', borderColor: 'divider', borderRadius: '12px' }}>
              {section.body.trim() ? (
                <LazyMarkdown>{section.body}</LazyMarkdown>
              ) : (
                <Typography color="text.secondary">Nothing to preview yet.</Typography>
              )}
            </Box>
          )}
        </Box>
        {renderAssist && <Box sx={{ mt: 1.5 }}>{renderAssist(section, name)}</Box>}
        {mark && <Box sx={{ mt: 2 }}>{mark}</Box>}
      </Card>
    </Box>
  );
}
