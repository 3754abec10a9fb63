import { vi } from 'vitest';

/** Ids of the signed-in person and their one workspace in the session unit tests. */
export const USER_ID = '00000000-0000-4000-8000-000000000001';
export const WORKSPACE_ID = '00000000-0000-4000-8000-000000000002';

/** The `GET v1/profile` payload of Avery, owner of one FREE workspace (seed §3 profile shape). */
export const profile = {
  id: USER_ID,
  firstName: 'Avery',
  lastName: 'Tester',
  email: 'avery@example.test',
  status: 'ACTIVE',
  themePreference: 'brand',
  impersonator: null,
  workspaces: [
    {
      id: WORKSPACE_ID,
      name: "Avery's workspace",
      subscriptionType: 'FREE',
      members: [{ personId: USER_ID, workspaceMemberType: 'OWNER' }],
    },
  ],
};

/** The `GET v1/workspaces/{id}/subscription` payload of that workspace. */
export const subscription = { workspaceId: WORKSPACE_ID, subscriptionType: 'FREE' };

/** A JSON response with `status` and `body` as the API sends it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs `window.localStorage` with `entries` (the session's stored tokens and organization). */
export function stubLocalStorage(entries: [string, string][]) {
  const store = new Map(entries);
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
      clear: () => store.clear(),
    },
  });
  return store;
}
