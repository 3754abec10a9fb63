import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A minimal localStorage for the node test environment. */
function installStorage() {
  const map = new Map<string, string>();
  const storage = {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
  vi.stubGlobal('window', { localStorage: storage });
  return map;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client (seed §4, §7)', () => {
  let storage: Map<string, string>;
  beforeEach(() => {
    vi.resetModules();
    storage = installStorage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('retries a POST once on 503 with the same Idempotency-Key and sends X-Client-Id', async () => {
    const calls: Headers[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request | string, init?: RequestInit) => {
        calls.push(new Headers(init?.headers ?? (request as Request).headers));
        return calls.length === 1 ? json(503, { errorCode: 'UNAVAILABLE', errorDisplayMessage: 'Busy' }) : json(200, { payload: true });
      }),
    );
    const { api } = await import('./api-client');
    await expect(api.post('v1/thing', { a: 1 })).resolves.toBe(true);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.get('idempotency-key')).toBeTruthy();
    expect(calls[1]!.get('idempotency-key')).toBe(calls[0]!.get('idempotency-key'));
    expect(calls[0]!.get('x-client-id')).toBe('tandem-web');
  });

  it('does not retry a GET and rejects with ApiError', async () => {
    const fetchMock = vi.fn(async () => json(503, { errorCode: 'UNAVAILABLE', errorDisplayMessage: 'Busy' }));
    vi.stubGlobal('fetch', fetchMock);
    const { api } = await import('./api-client');
    await expect(api.get('v1/profile')).rejects.toMatchObject({ name: 'ApiError', status: 503, errorCode: 'UNAVAILABLE' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between concurrent 401s, then retries each call once', async () => {
    storage.set('accessToken', 'old');
    storage.set('refreshToken', 'r1');
    let refreshCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request | string, init?: RequestInit) => {
        const url = typeof request === 'string' ? request : request.url;
        const headers = new Headers(init?.headers ?? (request as Request).headers);
        if (url.endsWith('/auth/token/refresh')) {
          refreshCalls += 1;
          await new Promise((resolve) => setTimeout(resolve, 10));
          return json(200, { payload: { access_token: 'new', refresh_token: 'r2', user_id: 'u', token_type: 'Bearer', expires_in: 900 } });
        }
        return headers.get('authorization') === 'Bearer new'
          ? json(200, { payload: 'ok' })
          : json(401, { errorCode: 'UNAUTHENTICATED', errorDisplayMessage: 'Sign in.' });
      }),
    );
    const { api, setAuthHandlers } = await import('./api-client');
    const onRefreshed = vi.fn();
    setAuthHandlers({ onRefreshed, onRefreshFailed: vi.fn() });
    await expect(Promise.all([api.get('v1/a'), api.get('v1/b'), api.post('v1/c')])).resolves.toEqual(['ok', 'ok', 'ok']);
    expect(refreshCalls).toBe(1);
    expect(onRefreshed).toHaveBeenCalledTimes(1);
    expect(storage.get('refreshToken')).toBe('r2');
  });

  it('calls onRefreshFailed when the token endpoint refuses, without refreshing again', async () => {
    storage.set('accessToken', 'old');
    storage.set('refreshToken', 'r1');
    const fetchMock = vi.fn(async () => json(401, { errorCode: 'INVALID_REFRESH_TOKEN', errorDisplayMessage: 'Expired.' }));
    vi.stubGlobal('fetch', fetchMock);
    const { api, setAuthHandlers } = await import('./api-client');
    const onRefreshFailed = vi.fn();
    setAuthHandlers({ onRefreshed: vi.fn(), onRefreshFailed });
    await expect(api.get('v1/profile')).rejects.toMatchObject({ status: 401 });
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends JSON bodies and query parameters under the base URL, and reads the payload', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(201, { payload: { id: 't1' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { api } = await import('./api-client');
    await expect(api.post('v1/tasks', { title: 'Plan' }, { query: { workspace: 'w 1', limit: 20, cursor: undefined } })).resolves.toEqual({
      id: 't1',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/tasks?workspace=w+1&limit=20');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ title: 'Plan' }) });
    expect(new Headers(init!.headers).get('content-type')).toBe('application/json');
  });

  it('resolves with undefined on an empty success, and keeps the status of an error that is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response(null, { status: 204 }))
        .mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })),
    );
    const { api } = await import('./api-client');
    await expect(api.delete('v1/tasks/t1')).resolves.toBeUndefined();
    await expect(api.get('v1/profile')).rejects.toMatchObject({ name: 'ApiError', status: 502, errorCode: 'UNKNOWN_ERROR' });
  });

  it('turns an unreachable server into a NETWORK_ERROR with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { api } = await import('./api-client');
    await expect(api.get('v1/profile')).rejects.toMatchObject({ status: 0, errorCode: 'NETWORK_ERROR' });
  });
});
