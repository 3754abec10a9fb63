import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PublicQuestionPage } from '@tandem/contract';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { getPublicQuestion } from '@/features/public-questions/api/get-public-question';
import { PublicQuestionView } from '@/features/public-questions/components/public-question-view';

/** What the loader of /q/{shortUrl} found: the page, or too many attempts from this address. */
type PublicQuestionLoaderData = { kind: 'page'; shortUrl: string; page: PublicQuestionPage } | { kind: 'throttled' };

/**
 * Loader of /q/{shortUrl} (issue #10): asks the public API once per navigation, so a reload
 * resumes from the answers the server has. 429 (too many misses from one address, decision 012)
 * becomes a calm "too many attempts" page; any other failure is thrown to the public layout's
 * error page: 410 → "This link is no longer active"; 404 and a malformed id (400) → "Page Not
 * Found"; anything else the app's error page.
 */
export async function publicQuestionLoader({ params, request }: LoaderFunctionArgs): Promise<PublicQuestionLoaderData> {
  const shortUrl = params.shortUrl ?? '';
  try {
    return { kind: 'page', shortUrl, page: await getPublicQuestion(shortUrl, request.signal) };
  } catch (error) {
    if (isApiError(error) && error.status === 429) return { kind: 'throttled' };
    if (isApiError(error) && error.status === 400) throw data(null, { status: 404 });
    throw error;
  }
}

/** /q/{shortUrl} (seed §2 public layout; issue #10): a recipient's answer page, or the "too many attempts" notice. */
function PublicQuestionRoute() {
  const loaded = useLoaderData<PublicQuestionLoaderData>();
  if (loaded.kind === 'page') return <PublicQuestionView key={loaded.shortUrl} shortUrl={loaded.shortUrl} page={loaded.page} />;
  return (
    <Box sx={{ maxWidth: 520, mx: 'auto', py: { xs: 4, sm: 8 }, textAlign: 'center' }}>
      <title>Too many attempts · Tandem</title>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 2 }}>
        Too many attempts
      </Typography>
      <Typography color="text.secondary">
        This address opened too many links in a short time. Wait a few minutes, then open your link again. Nothing you answered is lost.
      </Typography>
    </Box>
  );
}

export { PublicQuestionRoute as Component, publicQuestionLoader as loader };
