import { useSearchParams } from 'react-router';
import { paths, RETURN_TO_PARAM } from '@/config/paths';
import { safeReturnPath } from '@/lib/safe-navigation';

/**
 * Where to go after signing in (issue #8): the `returnTo` of `searchParams` when it is a safe
 * in-app path of `origin` (safeReturnPath, seed §8), else null.
 */
export function readReturnPath(searchParams: URLSearchParams, origin: string = window.location.origin): string | null {
  return safeReturnPath(searchParams.get(RETURN_TO_PARAM), origin);
}

/**
 * The sign-in pages' view of the current URL (issue #8): `returnTo` (a safe in-app path or null),
 * `landing` (where a successful sign-in goes: returnTo, else /) and the `email` to fill in.
 */
export function useSignInParams(): { returnTo: string | null; landing: string; email: string } {
  const [searchParams] = useSearchParams();
  const returnTo = readReturnPath(searchParams);
  return { returnTo, landing: returnTo ?? paths.home.getHref(), email: searchParams.get('email')?.trim() ?? '' };
}

/** The path of `url` with its query and hash: what a signed-out person was trying to open. */
export function pathOf(url: string | URL): string {
  const { pathname, search, hash } = new URL(url);
  return `${pathname}${search}${hash}`;
}
