import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TEMPLATE_SECTIONS_MAX } from '@tandem/contract';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { ActionReason } from '@/components/ui/action-reason';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { describeSectionMove, hasSectionText, type TemplateFormValues } from '../utils/template-form';

/** Props of {@link TemplateSectionsField}. */
export interface TemplateSectionsFieldProps {
  control: Control<TemplateFormValues>;
  errors: FieldErrors<TemplateFormValues>;
}

type MoveDirection = 'up' | 'down';

/**
 * The sections of a template (issue #9): each a heading and the guidance that becomes the brief's
 * placeholder. Add, remove (asking first when the section holds text) and reorder with the Move up
 * / Move down buttons — keyboard first: focus stays on the moved section's button and a live region
 * announces the new position.
 */
export function TemplateSectionsField({ control, errors }: TemplateSectionsFieldProps) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'sections' });
  const sections = useWatch({ control, name: 'sections' });
  const [announcement, setAnnouncement] = useState('');
  const [pendingRemoval, setPendingRemoval] = useState<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusTarget, setFocusTarget] = useState<{ id: string; direction: MoveDirection } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // After a move, focus follows the section: its button in the same direction, or the other one at an edge.
  useEffect(() => {
    if (!focusTarget) return;
    const other: MoveDirection = focusTarget.direction === 'up' ? 'down' : 'up';
    const preferred = buttons.current.get(`${focusTarget.id}:${focusTarget.direction}`);
    const target = preferred && !preferred.disabled ? preferred : buttons.current.get(`${focusTarget.id}:${other}`);
    target?.focus();
  }, [focusTarget, fields]);

  const handleMove = (index: number, direction: MoveDirection) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= fields.length) return;
    move(index, to);
    setFocusTarget({ id: fields[index]!.id, direction });
    setAnnouncement(describeSectionMove(sections[index]?.heading ?? '', to + 1, fields.length));
  };

  const removeAt = (index: number) => {
    const heading = sections[index]?.heading.trim();
    remove(index);
    setPendingRemoval(null);
    setAnnouncement(heading ? `Removed “${heading}”.` : 'Removed the section.');
    addButton.current?.focus();
  };

  const handleRemove = (index: number) => {
    if (sections[index] && hasSectionText(sections[index])) setPendingRemoval(index);
    else removeAt(index);
  };

  const register = (id: string, direction: MoveDirection) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${id}:${direction}`, element);
    else buttons.current.delete(`${id}:${direction}`);
  };

  const isFull = fields.length >= TEMPLATE_SECTIONS_MAX;
  const listError = errors.sections?.root?.message ?? errors.sections?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        Sections
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A brief made from this template starts with these sections, empty; the guidance shows inside each one until the assistant writes
        there.
      </Typography>
      <Box sx={visuallyHidden} role="status" aria-live="polite">
        {announcement}
      </Box>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {fields.map((field, index) => {
          const heading = sections[index]?.heading.trim();
          const name = heading ? `“${heading}”` : `section ${index + 1}`;
          return (
            <Card key={field.id} component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
                <Typography variant="subtitle2" component="p" color="text.secondary" sx={{ flex: 1 }}>
                  Section {index + 1}
                </Typography>
                <IconButton
                  ref={register(field.id, 'up')}
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => handleMove(index, 'up')}
                  size="small"
                >
                  <ArrowUpward fontSize="small" />
                </IconButton>
                <IconButton
                  ref={register(field.id, 'down')}
                  aria-label={`Move ${name} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => handleMove(index, 'down')}
                  size="small"
                >
                  <ArrowDownward fontSize="small" />
                </IconButton>
                <IconButton aria-label={`Remove ${name}`} disabled={fields.length === 1} onClick={() => handleRemove(index)} size="small">
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Box>
              <Box sx={{ display: 'grid', gap: 2 }}>
                <Controller
                  control={control}
                  name={`sections.${index}.heading`}
                  render={({ field: { ref, ...input }, fieldState }) => (
                    <TextField
                      {...input}
                      inputRef={ref}
                      label="Heading"
                      required
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`sections.${index}.guidance`}
                  render={({ field: { ref, ...input }, fieldState }) => (
                    <TextField
                      {...input}
                      inputRef={ref}
                      label="Guidance"
                      multiline
                      minRows={2}
                      maxRows={10}
                      error={Boolean(fieldState.error)}
                      helperText={
                        fieldState.error?.message ?? 'What the assistant should write here. Shown as the placeholder of the empty section.'
                      }
                    />
                  )}
                />
              </Box>
            </Card>
          );
        })}
      </Box>
      {listError && (
        <FormHelperText error sx={{ mt: 1 }}>
          {listError}
        </FormHelperText>
      )}
      <Box sx={{ mt: 2 }}>
        <ActionReason reason={isFull ? `A template can have at most ${TEMPLATE_SECTIONS_MAX} sections.` : null}>
          <Button
            ref={addButton}
            startIcon={<Add />}
            disabled={isFull}
            onClick={() => {
              append({ heading: '', guidance: '' });
              setAnnouncement(`Added section ${fields.length + 1}.`);
            }}
          >
            Add section
          </Button>
        </ActionReason>
      </Box>
      <ConfirmDialog
        open={pendingRemoval !== null}
        title="Remove this section?"
        confirmLabel="Remove"
        isDestructive
        onConfirm={() => pendingRemoval !== null && removeAt(pendingRemoval)}
        onClose={() => setPendingRemoval(null)}
      >
        “{(pendingRemoval !== null && sections[pendingRemoval]?.heading.trim()) || 'Untitled section'}” and its guidance leave the template
        when you save.
      </ConfirmDialog>
    </Box>
  );
}
