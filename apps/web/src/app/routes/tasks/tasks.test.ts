import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubLocalStorage, WORKSPACE_ID } from '@/lib/testing/session-fixtures';

/** The loader arguments of a page at `path`. */
const at = (path: string) => ({ request: new Request(`https://tandem.example.test${path}`) });

/** The API paths the stubbed fetch was asked for, in order. */
function requestedPaths(fetch: ReturnType<typeof vi.fn>): string[] {
  return fetch.mock.calls.map(
    ([request]) => new URL(typeof request === 'string' ? request : (request as Request).url, 'https://tandem.example.test').pathname,
  );
}

describe('tasksLoader (issue #8, issue #13)', () => {
  let fetch: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.resetModules();
    fetch = vi.fn(() => Promise.resolve(jsonResponse(200, { payload: { items: [], nextCursor: null } })));
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("requests the list's first page and the members at once, and the members only while none are cached", async () => {
    stubLocalStorage([
      ['accessToken', 'a1'],
      ['currentOrganization', WORKSPACE_ID],
    ]);
    const { tasksLoader } = await import('./tasks');
    const { queryClient } = await import('@/lib/query-client');

    expect(tasksLoader(at('/tasks'))).toBeNull();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(requestedPaths(fetch).sort()).toEqual([
      `/api/v1/workspaces/${WORKSPACE_ID}/members`,
      `/api/v1/workspaces/${WORKSPACE_ID}/tasks`,
    ]);

    // The drawer opening changes the URL and runs the loader again: a fetch would start at once.
    tasksLoader(at('/tasks?task=t1'));
    expect(queryClient.isFetching()).toBe(0);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('requests nothing without a stored token', async () => {
    stubLocalStorage([['currentOrganization', WORKSPACE_ID]]);
    const { tasksLoader } = await import('./tasks');
    const { queryClient } = await import('@/lib/query-client');
    tasksLoader(at('/tasks'));
    expect(queryClient.isFetching()).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});
