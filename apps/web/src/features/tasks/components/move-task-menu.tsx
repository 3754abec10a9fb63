import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { taskStatuses, taskStatusLabels, type TaskStatus } from '@tandem/contract';
import { useId, useState } from 'react';

/** Props of {@link MoveTaskMenu}. */
export interface MoveTaskMenuProps {
  title: string;
  status: TaskStatus;
  onMove: (status: TaskStatus) => void;
}

/**
 * "Move to…": the keyboard- and touch-friendly alternative to dragging a card between board
 * columns (issue #4). Lists the other statuses; choosing one moves the task.
 */
export function MoveTaskMenu({ title, status, onMove }: MoveTaskMenuProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Move to…">
        <IconButton
          size="small"
          aria-label={`Move “${title}” to…`}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <DriveFileMoveOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {taskStatuses
          .filter((candidate) => candidate !== status)
          .map((candidate) => (
            <MenuItem
              key={candidate}
              onClick={() => {
                setAnchor(null);
                onMove(candidate);
              }}
            >
              <ListItemText>Move to {taskStatusLabels[candidate]}</ListItemText>
            </MenuItem>
          ))}
      </Menu>
    </>
  );
}
