import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useBriefTemplates } from '../api/get-brief-templates';

/** Props of {@link TemplateMenu}. */
export interface TemplateMenuProps {
  workspaceId: string;
  /** The template on screen (checked in the list); undefined on the new-template page. */
  currentId?: string;
  /** Offers "New template" (members who may edit briefs, PRODUCT §6). */
  canCreate: boolean;
}

/**
 * The "Templates" menu of a template page's header (issue #9; there is no templates index route):
 * every template of the workspace — built-ins first, then the workspace's — to switch to, and
 * "New template".
 */
export function TemplateMenu({ workspaceId, currentId, canCreate }: TemplateMenuProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const templates = useBriefTemplates(workspaceId);
  const builtIns = templates.data?.filter((template) => template.builtIn) ?? [];
  const own = templates.data?.filter((template) => !template.builtIn) ?? [];
  const close = () => setAnchor(null);

  const item = (template: { id: string; name: string; builtIn: boolean }) => {
    const isCurrent = template.id === currentId;
    return (
      <MenuItem
        key={template.id}
        component={RouterLink}
        to={paths.briefs.templates.detail.getHref(template.id)}
        onClick={close}
        selected={isCurrent}
        aria-current={isCurrent ? 'page' : undefined}
      >
        <ListItemIcon>{isCurrent && <Check fontSize="small" />}</ListItemIcon>
        <ListItemText secondary={template.builtIn ? 'Built-in' : 'This workspace'}>{template.name}</ListItemText>
      </MenuItem>
    );
  };

  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Templates
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { maxHeight: 420, minWidth: 260 } } }}
      >
        {templates.isPending && <MenuItem disabled>Loading templates…</MenuItem>}
        {templates.isError && <MenuItem disabled>We couldn't load the templates.</MenuItem>}
        {builtIns.map(item)}
        {own.length > 0 && builtIns.length > 0 && <Divider />}
        {own.map(item)}
        {canCreate && <Divider />}
        {canCreate && (
          <MenuItem component={RouterLink} to={paths.briefs.templates.new.getHref()} onClick={close}>
            <ListItemIcon>
              <Add fontSize="small" />
            </ListItemIcon>
            <ListItemText>New template</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
