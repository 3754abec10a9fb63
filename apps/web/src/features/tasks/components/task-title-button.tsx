import ButtonBase from '@mui/material/ButtonBase';
import { onIntent } from '@/lib/lazy-with-preload';
import { LazyTaskDrawer } from './lazy-task-drawer';

/** Props of {@link TaskTitleButton}. */
export interface TaskTitleButtonProps {
  title: string;
  isDone: boolean;
  onClick: () => void;
}

/**
 * A task's title as the button that opens its drawer; a done task's title is struck through (and its
 * status says Done). Pointer over, focus or touch start loading the drawer's code.
 */
export function TaskTitleButton({ title, isDone, onClick }: TaskTitleButtonProps) {
  return (
    <ButtonBase
      onClick={onClick}
      {...onIntent(LazyTaskDrawer.preload)}
      sx={{
        justifyContent: 'flex-start',
        textAlign: 'left',
        font: 'inherit',
        fontWeight: 600,
        fontSize: '0.9375rem',
        lineHeight: 1.4,
        color: isDone ? 'text.secondary' : 'text.primary',
        textDecoration: isDone ? 'line-through' : 'none',
        borderRadius: '4px',
        overflowWrap: 'anywhere',
        '&:hover': { textDecoration: 'underline' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {title}
    </ButtonBase>
  );
}
