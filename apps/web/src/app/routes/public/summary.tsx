import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PublicSummary } from '@tandem/contract';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { getPublicSummary } from '@/features/public-summaries/api/get-public-summary';
import { PublicSummaryView } from '@/features/public-summaries/components/public-summary-view';

/** What the loader of /s/{id} found: the summary, or too many attempts from this address. */
type PublicSummaryLoaderData = { kind: 'summary'; summary: PublicSummary } | { kind: 'throttled' };

/**
 * Loader of /s/{id} (issue #11): asks the public API once per navigation. 429 (too many misses
 * from one address) becomes a calm "too many attempts" page; any other failure is thrown to the
 * public layout's error page: 410 → "This link is no longer active"; 404 and a malformed id (400)
 * → "Page Not Found"; anything else the app's error page.
 */
export async function publicSummaryLoader({ params, request }: LoaderFunctionArgs): Promise<PublicSummaryLoaderData> {
  try {
    return { kind: 'summary', summary: await getPublicSummary(params.id ?? '', request.signal) };
  } catch (error) {
    if (isApiError(error) && error.status === 429) return { kind: 'throttled' };
    // A malformed id (a link cut short when copied) is as unknown as a missing one.
    if (isApiError(error) && error.status === 400) throw data(null, { status: 404 });
    throw error;
  }
}

/** /s/{id} (seed §2 public layout; issue #11): a published summary, read-only, for anyone with the link. */
function PublicSummaryRoute() {
  const loaded = useLoaderData<PublicSummaryLoaderData>();
  if (loaded.kind === 'summary') return <PublicSummaryView summary={loaded.summary} />;
  return (
    <Box sx={{ maxWidth: 520, mx: 'auto', py: { xs: 4, sm: 8 }, textAlign: 'center' }}>
      <title>Too many attempts · Tandem</title>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 2 }}>
        Too many attempts
      </Typography>
      <Typography color="text.secondary">
        This address opened too many links in a short time. Wait a few minutes, then open the link again.
      </Typography>
    </Box>
  );
}

export { PublicSummaryRoute as Component, publicSummaryLoader as loader };
