import FileDownload from '@mui/icons-material/FileDownload';
import PersonAdd from '@mui/icons-material/PersonAdd';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { describeRefusal } from '@tandem/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/session-store';
import { showErrorToast } from '@/lib/toast-store';
import { exportContacts } from '@/features/contacts/api/export-contacts';
import { useContacts, type ContactListParams } from '@/features/contacts/api/get-contacts';
import { ContactRows } from '@/features/contacts/components/contact-rows';
import { ImportContactsDialog } from '@/features/contacts/components/import-contacts-dialog';
import { PeopleToolbar } from '@/features/contacts/components/people-toolbar';
import { getContactAbilities } from '@/features/contacts/utils/contact-format';

/**
 * /questions/people (issue #10): the people the workspace asks questions of, sorted by last name;
 * search and tag filter kept in the URL (?q=&tag=); "Load more" through nextCursor; Export CSV;
 * editors get "Add a person" and "Import from CSV" (a preview dialog). USERs read only; GUESTs see
 * nothing (PRODUCT §6).
 */
function PeopleRoute() {
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace || !member) return null;
  const abilities = getContactAbilities(member.workspaceMemberType);
  if (!abilities.canView) return <Alert severity="info">{describeRefusal('viewQuestions')}</Alert>;
  return <PeopleScreen key={workspace.id} workspaceId={workspace.id} workspaceName={workspace.name} canEdit={abilities.canEdit} />;
}

interface PeopleScreenProps {
  workspaceId: string;
  workspaceName: string;
  canEdit: boolean;
}

function PeopleScreen({ workspaceId, workspaceName, canEdit }: PeopleScreenProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo<ContactListParams>(
    () => ({ q: searchParams.get('q')?.trim() ?? '', tag: searchParams.get('tag')?.trim() ?? '' }),
    [searchParams],
  );
  const contacts = useContacts(workspaceId, filters);
  const [isImporting, setImporting] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const items = useMemo(() => contacts.data?.pages.flatMap((page) => page.items) ?? [], [contacts.data]);

  // A second filter change made before the URL caught up builds on the first (as /tasks does).
  const pendingFilters = useRef<ContactListParams | null>(null);
  useEffect(() => {
    pendingFilters.current = null;
  }, [filters]);
  const handleFiltersChange = useCallback(
    (changes: Partial<ContactListParams>) => {
      const next = { ...(pendingFilters.current ?? filters), ...changes };
      pendingFilters.current = next;
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          for (const key of ['q', 'tag'] as const) {
            if (next[key]) params.set(key, next[key]);
            else params.delete(key);
          }
          return params;
        },
        { replace: true },
      );
    },
    [filters, setSearchParams],
  );
  const handleExport = async () => {
    setExporting(true);
    try {
      await exportContacts(workspaceId);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setExporting(false);
    }
  };

  const isFiltered = filters.q !== '' || filters.tag !== '';
  return (
    <>
      <title>{`People · ${workspaceName} · Tandem`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
        <Box sx={{ flex: { xs: '1 1 100%', sm: '1 1 240px' }, minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            People
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, display: { xs: 'none', sm: 'block' } }}>
            The people you ask questions of: their details, requests and conversations.
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<FileDownload />} loading={isExporting} onClick={() => void handleExport()}>
          Export CSV
        </Button>
        {canEdit && (
          <>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button component={RouterLink} to={paths.questions.people.new.getHref()} variant="contained" startIcon={<PersonAdd />}>
              Add a person
            </Button>
          </>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <PeopleToolbar filters={filters} onChange={handleFiltersChange} />
        <Box aria-busy={contacts.isFetching && !contacts.isFetchingNextPage}>
          {contacts.isPending ? (
            <Box role="status" aria-label="Loading people">
              {[0, 1, 2, 3].map((row) => (
                <Skeleton key={row} variant="rounded" height={64} sx={{ mb: 1 }} />
              ))}
            </Box>
          ) : contacts.isError ? (
            <Card variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                The people could not be loaded.
              </Typography>
              <Button variant="outlined" onClick={() => void contacts.refetch()}>
                Try again
              </Button>
            </Card>
          ) : items.length === 0 ? (
            <Card variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
                {isFiltered ? 'Nobody matches' : 'No people yet'}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {isFiltered
                  ? 'Try other words, or clear the search and the tag.'
                  : 'Add the people you ask questions of — VPs, board members, partners — one by one or from a CSV file.'}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
                {isFiltered ? (
                  <Button variant="outlined" onClick={() => handleFiltersChange({ q: '', tag: '' })}>
                    Clear filters
                  </Button>
                ) : (
                  canEdit && (
                    <>
                      <Button
                        component={RouterLink}
                        to={paths.questions.people.new.getHref()}
                        variant="contained"
                        startIcon={<PersonAdd />}
                      >
                        Add a person
                      </Button>
                      <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImporting(true)}>
                        Import from CSV
                      </Button>
                    </>
                  )
                )}
              </Box>
            </Card>
          ) : (
            <Card component="section" aria-labelledby="people-all" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="people-all" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
                {filters.tag ? `Tagged ${filters.tag}` : 'Everyone'}
              </Typography>
              <ContactRows contacts={items} label="People" onTag={(tag) => handleFiltersChange({ tag })} />
              {contacts.hasNextPage && (
                <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
                  <Button variant="outlined" loading={contacts.isFetchingNextPage} onClick={() => void contacts.fetchNextPage()}>
                    Load more
                  </Button>
                </Box>
              )}
            </Card>
          )}
        </Box>
      </Box>
      {canEdit && <ImportContactsDialog open={isImporting} workspaceId={workspaceId} onClose={() => setImporting(false)} />}
    </>
  );
}

export { PeopleRoute as Component };
