import type { Profile, Subscription, TokenPayload, Workspace, WorkspaceMember } from '@tandem/contract';
import { useSyncExternalStore } from 'react';
import { GUARD_WAIT_INTERVAL_MS, GUARD_WAIT_TRIES } from '@/config/constants';
import { queryClient } from '@/lib/query-client';
import { clearStorage, readStorage, storeTokens, writeStorage } from '@/lib/token-storage';
import { profileQueryOptions } from './get-profile';
import { getSubscription, subscriptionQueryOptions } from './get-subscription';
import { revokeToken } from './revoke-token';

/** The auth state (seed §4), one store for the whole app. */
export interface SessionState {
  authenticated: boolean;
  /** A profile load is in progress (the route guard waits for it, seed §2). */
  loading: boolean;
  /** Init is running. */
  initialising: boolean;
  accessToken: string | null;
  /** Email remembered between /auth/passwordless and /auth/verify (seed §4). */
  loginIdentifier: string | null;
  /** payload.timestamp of the last passwordless send, ms. */
  verificationTimestamp: number | null;
  user: Profile | null;
  workspace: Workspace | null;
  workspaceMember: WorkspaceMember | null;
  subscription: Subscription | null;
}

const signedOut: SessionState = {
  authenticated: false,
  loading: false,
  initialising: false,
  accessToken: null,
  loginIdentifier: null,
  verificationTimestamp: null,
  user: null,
  workspace: null,
  workspaceMember: null,
  subscription: null,
};

let state: SessionState = { ...signedOut, accessToken: readStorage('accessToken') };
let initPromise: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

/** Subscribes to session changes; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session state (immutable snapshot). */
export function getSessionState(): SessionState {
  return state;
}

/** React hook: the part of the session `selector` picks; re-renders when it changes. */
export function useSession<T>(selector: (session: SessionState) => T): T {
  return useSyncExternalStore(
    subscribeSession,
    () => selector(state),
    () => selector(state),
  );
}

/**
 * Logs out (seed §4): ends the session on the server (best effort), clears ALL local storage,
 * every piece of session state and the TanStack Query cache. Never throws.
 */
export function logout(): void {
  const refreshToken = readStorage('refreshToken');
  if (refreshToken) void revokeToken(refreshToken).catch(() => undefined);
  clearStorage();
  queryClient.clear();
  setState({ ...signedOut });
}

/**
 * Init (seed §4): without an access token, log out; else load the profile, take the workspace
 * stored as current organization (else the first), find the member whose personId is the user's
 * id and load the subscription (the stored workspace's is requested beside the profile). Ends
 * logged out without user, workspace or subscriptionType. Concurrent calls share one run. Never
 * throws.
 */
export function initSession(): Promise<void> {
  initPromise ??= (async () => {
    const accessToken = readStorage('accessToken');
    if (!accessToken) {
      logout();
      return;
    }
    setState({ accessToken, loading: true, initialising: true });
    // The stored workspace is nearly always the one init takes: its plan loads beside the profile
    // instead of after it (issue #8: one round trip less before the first signed-in screen). Kept
    // out of the query cache until init has chosen, so a stale id never shows an error.
    const storedOrganization = readStorage('currentOrganization');
    const earlySubscription = storedOrganization ? getSubscription(storedOrganization).catch(() => null) : null;
    try {
      const user = await queryClient.fetchQuery(profileQueryOptions());
      const currentOrganization = readStorage('currentOrganization');
      const workspace = user.workspaces.find((candidate) => candidate.id === currentOrganization) ?? user.workspaces[0] ?? null;
      if (!workspace || !workspace.subscriptionType) {
        logout();
        return;
      }
      const workspaceMember = workspace.members.find((member) => member.personId === user.id) ?? null;
      const early = workspace.id === storedOrganization ? await earlySubscription : null;
      if (early) queryClient.setQueryData(subscriptionQueryOptions(workspace.id).queryKey, early);
      const subscription = early ?? (await queryClient.fetchQuery(subscriptionQueryOptions(workspace.id)));
      writeStorage('currentOrganization', workspace.id);
      writeStorage('accountType', workspaceMember?.workspaceMemberType ?? null);
      setState({
        authenticated: true,
        loading: false,
        initialising: false,
        accessToken: readStorage('accessToken'),
        user,
        workspace,
        workspaceMember,
        subscription,
      });
    } catch {
      logout();
    }
  })().finally(() => {
    initPromise = null;
  });
  return initPromise;
}

/**
 * Login success (seed §4): stores access token, refresh token and user id, then runs init.
 * Resolves true when the session ends up signed in.
 */
export async function completeSignIn(tokens: TokenPayload): Promise<boolean> {
  storeTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token, userId: tokens.user_id });
  setState({ accessToken: tokens.access_token, loginIdentifier: null, verificationTimestamp: null });
  await initSession();
  return state.user !== null;
}

/** Remembers the passwordless identifier and send timestamp (ms) for /auth/verify (seed §4). */
export function rememberPasswordlessCode(loginIdentifier: string, timestamp: number): void {
  setState({ loginIdentifier, verificationTimestamp: timestamp });
}

/** Replaces the loaded user (after PATCH v1/profile), keeping workspace and member. */
export function setSessionUser(user: Profile): void {
  if (state.user) setState({ user });
}

/**
 * Switches the current workspace (seed §3, PRODUCT §1: the "current organization" in local
 * storage): stores its id, then init loads that workspace's member and subscription again. The
 * choice survives a reload because init reads the stored id first.
 */
export async function switchWorkspace(workspaceId: string): Promise<void> {
  writeStorage('currentOrganization', workspaceId);
  await initSession();
}

/**
 * Reloads the profile without the full init (after a rename or a membership change, e.g. a live
 * MEMBER_* activity event): keeps the current workspace when the user still belongs to it, else
 * runs init, which falls back to the first workspace (seed §4). A failed load keeps the session.
 */
export async function reloadProfile(): Promise<void> {
  if (!state.user) return;
  let user: Profile;
  try {
    user = await queryClient.fetchQuery(profileQueryOptions());
  } catch {
    return;
  }
  const workspace = user.workspaces.find((candidate) => candidate.id === state.workspace?.id);
  if (!workspace) {
    writeStorage('currentOrganization', null);
    await initSession();
    return;
  }
  const workspaceMember = workspace.members.find((member) => member.personId === user.id) ?? null;
  writeStorage('accountType', workspaceMember?.workspaceMemberType ?? null);
  setState({ user, workspace, workspaceMember });
}

/** Replaces the loaded subscription (after a plan change) when it belongs to the current workspace. */
export function setSessionSubscription(subscription: Subscription): void {
  if (state.workspace?.id === subscription.workspaceId) setState({ subscription });
}

/**
 * Clears the current member's new-activity flag locally after POST activity/read succeeded
 * (seed §4: the header's indicator comes from hasNewActivityItems).
 */
export function markActivitySeen(): void {
  if (state.workspaceMember?.hasNewActivityItems) {
    setState({ workspaceMember: { ...state.workspaceMember, hasNewActivityItems: false } });
  }
}

/**
 * Lights the current member's new-activity flag locally (seed §4: hasNewActivityItems) when a live
 * `activity` event reports another member's doing; the profile is not reloaded for it.
 */
export function markNewActivity(): void {
  if (state.workspaceMember && !state.workspaceMember.hasNewActivityItems) {
    setState({ workspaceMember: { ...state.workspaceMember, hasNewActivityItems: true } });
  }
}

/**
 * Route-guard wait (seed §2, §9): while a profile load is in progress, waits for it for at most
 * `tries` × `intervalMs` (5 × 1 s). Resolves the moment the load ends (the seed's "up to"; no
 * polling delay), or when the time is up with the load still running. Never rejects.
 */
export function waitForProfileLoad(tries: number = GUARD_WAIT_TRIES, intervalMs: number = GUARD_WAIT_INTERVAL_MS): Promise<void> {
  if (!state.loading) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, tries * intervalMs);
    // `loading` ends in the same state update that ends the load (signed in or logged out).
    const unsubscribe = subscribeSession(() => {
      if (!state.loading) finish();
    });
  });
}
