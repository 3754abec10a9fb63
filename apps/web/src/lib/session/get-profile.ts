import type { Profile } from '@tandem/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET v1/profile → the current user with workspaces and members (seed §3, §7). */
export function getProfile(): Promise<Profile> {
  return api.get<Profile>('v1/profile');
}

/**
 * Query options of {@link getProfile}. The session store loads it during init (seed §4) and keeps
 * the result; components read the user from the store (useSession), not from this query.
 */
export function profileQueryOptions() {
  return queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 0 });
}
