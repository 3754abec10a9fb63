import AddOutlined from '@mui/icons-material/AddOutlined';
import Check from '@mui/icons-material/Check';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { workspaceMemberTypeLabels } from '@tandem/contract';
import { Suspense, useId, useState } from 'react';
import { showToast } from '@/lib/toast-store';
import { switchWorkspace, useSession } from '@/lib/session/session-store';
import { useWorkspaces } from '../api/get-workspaces';
import { useHasOpened } from '@/hooks/use-has-opened';
import { lazyWithPreload, onIntent } from '@/lib/lazy-with-preload';

// Loaded on intent to open (pointer over or focus on its item): the form is not part of a page's first render (issue #13).
const CreateWorkspaceDialog = lazyWithPreload(async () => (await import('./create-workspace-dialog')).CreateWorkspaceDialog);

/**
 * The header's workspace switcher (PRODUCT §1: an assistant switches between executives'
 * workspaces): shows the current workspace and the member's type label (seed §3); its menu lists
 * my workspaces (GET v1/workspaces). Picking one stores it as the "current organization" (seed §3)
 * and reloads the member and subscription (seed §4), which survives a reload. "Create workspace"
 * opens {@link CreateWorkspaceDialog}.
 */
export function WorkspaceSwitcher() {
  const menuId = useId();
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  const user = useSession((session) => session.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const workspaces = useWorkspaces(anchor !== null);
  const hasOpenedCreate = useHasOpened(isCreating);
  if (!workspace) return null;

  const typeLabel = member ? workspaceMemberTypeLabels[member.workspaceMemberType] : null;
  const items =
    workspaces.data ??
    (user?.workspaces ?? []).map((candidate) => ({
      id: candidate.id,
      name: candidate.name,
      workspaceMemberType: candidate.members.find((candidateMember) => candidateMember.personId === user?.id)?.workspaceMemberType ?? null,
    }));

  const handlePick = async (id: string, name: string) => {
    setAnchor(null);
    if (id === workspace.id) return;
    await switchWorkspace(id);
    showToast(`Switched to ${name}.`, 'info');
  };

  return (
    <>
      <ButtonBase
        aria-label={`${workspace.name}${typeLabel ? `, ${typeLabel}` : ''}: switch workspace`}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minWidth: 0,
          px: 1,
          py: 0.75,
          borderRadius: '10px',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {/* Phones: up to two lines, so "Eleanor's office" is not cut to "Eleanor'…" (issue #8). */}
        <Typography
          component="span"
          title={workspace.name}
          sx={{
            fontWeight: 600,
            fontSize: '0.9375rem',
            minWidth: 0,
            textAlign: 'left',
            overflow: 'hidden',
            lineHeight: { xs: 1.25, sm: 1.5 },
            overflowWrap: 'break-word',
            display: { xs: '-webkit-box', sm: 'block' },
            WebkitLineClamp: { xs: 2 },
            WebkitBoxOrient: 'vertical',
            whiteSpace: { sm: 'nowrap' },
            textOverflow: { sm: 'ellipsis' },
          }}
        >
          {workspace.name}
        </Typography>
        {/* A real space between name and type, so the visible text reads "Acme Owner" and stays
            part of the accessible name (WCAG 2.5.3 label in name; flex layout ignores it). */}
        {typeLabel && ' '}
        {typeLabel && (
          <Chip
            label={typeLabel}
            size="small"
            sx={{
              fontWeight: 600,
              bgcolor: 'primary.light',
              color: 'text.primary',
              flexShrink: 0,
              display: { xs: 'none', sm: 'inline-flex' },
            }}
          />
        )}
        <ExpandMore fontSize="small" sx={{ color: 'text.secondary', flexShrink: 0 }} aria-hidden="true" />
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 280, maxWidth: 360, mt: 1 } } }}
      >
        <ListSubheader sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>Your workspaces</ListSubheader>
        {items.map((item) => {
          const isCurrent = item.id === workspace.id;
          return (
            <MenuItem
              key={item.id}
              selected={isCurrent}
              aria-current={isCurrent ? 'true' : undefined}
              onClick={() => void handlePick(item.id, item.name)}
            >
              <ListItemIcon>{isCurrent && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText
                primary={item.name}
                secondary={item.workspaceMemberType ? workspaceMemberTypeLabels[item.workspaceMemberType] : undefined}
                slotProps={{ primary: { noWrap: true } }}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setIsCreating(true);
          }}
          {...onIntent(CreateWorkspaceDialog.preload)}
        >
          <ListItemIcon>
            <AddOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Create workspace" />
        </MenuItem>
      </Menu>
      {hasOpenedCreate && (
        <Suspense fallback={null}>
          <CreateWorkspaceDialog open={isCreating} onClose={() => setIsCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
