import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { describeRefusal } from '@tandem/contract';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/session-store';
import { CreateTaskForm } from '@/features/tasks/components/create-task-form';
import { canCreateTasks } from '@/features/tasks/utils/task-permissions';

/** /tasks/new (seed §2, issue #4): the full task form as a page; Create → toast and back to /tasks, Cancel → /tasks. */
function NewTaskRoute() {
  const navigate = useNavigate();
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace || !member) return null;
  const backToTasks = () => void navigate(paths.tasks.list.getHref());
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <title>{`New task · ${workspace.name} · Tandem`}</title>
      <Button component={RouterLink} to={paths.tasks.list.getHref()} color="inherit" startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1 }}>
        Tasks
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 3 }}>
        New task
      </Typography>
      {canCreateTasks(member.workspaceMemberType) ? (
        <CreateTaskForm workspaceId={workspace.id} onCreated={backToTasks} onCancel={backToTasks} />
      ) : (
        <Alert severity="info">{describeRefusal('editTasks')}</Alert>
      )}
    </Box>
  );
}

export { NewTaskRoute as Component };
