import type { PublicBrief } from '@tandem/contract';
import { useState } from 'react';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LinkInactivePage } from '@/components/errors/link-inactive-page';
import { preloadMarkdown } from '@/components/ui/lazy-markdown';
import { isApiError } from '@/lib/api-error';
import { getPublicBrief } from '@/features/public-briefs/api/get-public-brief';
import { PasscodeForm } from '@/features/public-briefs/components/passcode-form';
import { PublicBriefView } from '@/features/public-briefs/components/public-brief-view';

/** What the loader of /b/{id} found: the brief, or a link that needs its passcode first. */
type PublicBriefLoaderData = { kind: 'brief'; brief: PublicBrief } | { kind: 'locked'; linkId: string };

/**
 * Loader of /b/{id} (issue #9): asks the public API once per navigation, and starts loading the
 * markdown renderer meanwhile. A protected link (401 PASSCODE_REQUIRED) becomes the passcode
 * prompt; any other failure is thrown to the public layout's error page: 410 → "This link is no
 * longer active"; 404 and a malformed id (400) → "Page Not Found"; anything else the app's error
 * page.
 */
export async function publicBriefLoader({ params, request }: LoaderFunctionArgs): Promise<PublicBriefLoaderData> {
  const linkId = params.id ?? '';
  // The sections' renderer loads with the brief, not after it: no skeletons that grow when it comes.
  preloadMarkdown();
  try {
    return { kind: 'brief', brief: await getPublicBrief(linkId, request.signal) };
  } catch (error) {
    if (isApiError(error) && error.errorCode === 'PASSCODE_REQUIRED') return { kind: 'locked', linkId };
    // A malformed id (a link cut short when copied) is as unknown as a missing one.
    if (isApiError(error) && error.status === 400) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * /b/{id} (seed §2 public layout; PRODUCT §3; issue #9): a shared brief, read-only, for someone
 * without an account — readable on a phone, printable as one clean column — or the passcode prompt
 * of a protected link.
 */
function PublicBriefRoute() {
  const loaded = useLoaderData<PublicBriefLoaderData>();
  if (loaded.kind === 'brief') return <PublicBriefView brief={loaded.brief} />;
  // Keyed by link: another protected link starts locked again.
  return <LockedPublicBrief key={loaded.linkId} linkId={loaded.linkId} />;
}

/** A protected link: the passcode prompt, then the brief it unlocked (kept in memory only). */
function LockedPublicBrief({ linkId }: { linkId: string }) {
  const [unlocked, setUnlocked] = useState<PublicBrief | null>(null);
  const [isInactive, setInactive] = useState(false);
  if (isInactive) return <LinkInactivePage />;
  if (unlocked) return <PublicBriefView brief={unlocked} />;
  return <PasscodeForm linkId={linkId} onUnlocked={setUnlocked} onInactive={() => setInactive(true)} />;
}

export { PublicBriefRoute as Component, publicBriefLoader as loader };
