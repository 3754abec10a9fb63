import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { workspaceMemberTypeLabels } from '@tandem/contract';
import { useSession } from '../stores/session-store';

/**
 * The header's workspace name and the user's member type label (seed §3: Owner, Executive,
 * Executive Assistant, User, Guest).
 */
export function WorkspaceTitle() {
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Typography component="p" sx={{ fontWeight: 600, fontSize: '0.9375rem' }} noWrap title={workspace.name}>
        {workspace.name}
      </Typography>
      {member && (
        <Chip
          label={workspaceMemberTypeLabels[member.workspaceMemberType]}
          size="small"
          sx={{ fontWeight: 600, bgcolor: 'primary.light', color: 'text.primary', flexShrink: 0 }}
        />
      )}
    </Box>
  );
}
