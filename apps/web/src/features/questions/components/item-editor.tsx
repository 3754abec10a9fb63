import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  choiceKinds,
  ITEM_OPTION_MAX,
  ITEM_OPTIONS_MAX,
  ITEM_PROMPT_MAX,
  itemKinds,
  itemKindLabels,
  type ItemKind,
} from '@tandem/contract';
import type { KeyboardEvent, ReactNode } from 'react';
import { changeItemKind, type DraftItem } from '../utils/composer-draft';

/** Props of {@link ItemEditor}. */
export interface ItemEditorProps {
  item: DraftItem;
  index: number;
  count: number;
  onChange: (item: DraftItem) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  /** The item's problem to show (after a send attempt), or undefined. */
  error?: string;
  /** More about the question under its fields (the generator's reason and repeat warning, issue #11). */
  children?: ReactNode;
}

/**
 * One question of the composer (issue #10): the prompt, its kind, "required", and for choice
 * kinds the options (2–20, add and remove). Up / Down buttons reorder it; Alt+↑ / Alt+↓ anywhere
 * in the card do the same from the keyboard.
 */
export function ItemEditor({ item, index, count, onChange, onMove, onRemove, error, children }: ItemEditorProps) {
  const number = index + 1;
  const isChoice = choiceKinds.includes(item.kind);
  const handleKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onMove(event.key === 'ArrowUp' ? -1 : 1);
  };
  const setOption = (at: number, value: string) =>
    onChange({ ...item, options: item.options.map((option, i) => (i === at ? value : option)) });
  return (
    <Card
      variant="outlined"
      component="li"
      aria-label={`Question ${number}`}
      onKeyDown={handleKeyDown}
      sx={{ p: { xs: 1.5, sm: 2 }, listStyle: 'none', borderColor: error ? 'error.main' : undefined }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          Question {number}
        </Typography>
        <IconButton aria-label={`Move question ${number} up`} disabled={index === 0} onClick={() => onMove(-1)} size="small">
          <ArrowUpward fontSize="small" />
        </IconButton>
        <IconButton aria-label={`Move question ${number} down`} disabled={index === count - 1} onClick={() => onMove(1)} size="small">
          <ArrowDownward fontSize="small" />
        </IconButton>
        <IconButton aria-label={`Remove question ${number}`} onClick={onRemove} size="small">
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) 200px' } }}>
        <TextField
          label="Question"
          value={item.prompt}
          onChange={(event) => onChange({ ...item, prompt: event.target.value })}
          multiline
          minRows={1}
          slotProps={{ htmlInput: { maxLength: ITEM_PROMPT_MAX } }}
          required
        />
        <TextField
          select
          label="Answer type"
          value={item.kind}
          onChange={(event) => onChange(changeItemKind(item, event.target.value as ItemKind))}
        >
          {itemKinds.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {itemKindLabels[kind]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {isChoice && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1.5 }}>
          <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Options
          </Typography>
          <Box component="ol" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
            {item.options.map((option, at) => (
              <Box component="li" key={at} sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'center' }}>
                <TextField
                  size="small"
                  fullWidth
                  label={`Option ${at + 1}`}
                  value={option}
                  onChange={(event) => setOption(at, event.target.value)}
                  slotProps={{ htmlInput: { maxLength: ITEM_OPTION_MAX } }}
                />
                <IconButton
                  aria-label={`Remove option ${at + 1} of question ${number}`}
                  onClick={() => onChange({ ...item, options: item.options.filter((_, i) => i !== at) })}
                  size="small"
                >
                  <Close fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Button
            size="small"
            startIcon={<Add />}
            sx={{ mt: 1 }}
            disabled={item.options.length >= ITEM_OPTIONS_MAX}
            onClick={() => onChange({ ...item, options: [...item.options, ''] })}
          >
            Add option
          </Button>
        </Box>
      )}
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Switch checked={item.required} onChange={(event) => onChange({ ...item, required: event.target.checked })} />}
        label="Required"
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
      {children}
    </Card>
  );
}
