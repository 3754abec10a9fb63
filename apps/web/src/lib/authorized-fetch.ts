import { API_BASE_URL, CLIENT_ID } from '@/config/env';
import { ApiError, createApiError } from '@/lib/api-error';
import { refreshSession } from '@/lib/api-client';
import { readStorage } from '@/lib/token-storage';

const unreachable = () =>
  new ApiError({
    status: 0,
    errorCode: 'NETWORK_ERROR',
    errorDisplayMessage: "We couldn't reach Tandem. Check your connection and try again.",
    errorData: null,
    payload: undefined,
  });

/**
 * fetch() of an API `path` (under the API base, e.g. "v1/workspaces/{id}/contacts/export.csv") for
 * the answers the JSON client does not read (files, event streams): the same headers as the API
 * client (X-Client-Id, the session's access token) and one session refresh on a 401. An aborted
 * `init.signal` rejects with its AbortError; an unreachable server with ApiError status 0.
 */
export async function authorizedFetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  const url = `${API_BASE_URL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const request = async () => {
    const token = readStorage('accessToken');
    try {
      return await fetch(url, {
        ...init,
        headers: { 'X-Client-Id': CLIENT_ID, ...init.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw unreachable();
    }
  };
  const response = await request();
  return response.status === 401 && (await refreshSession()) ? request() : response;
}

/** The ApiError of a refused answer (JSON envelope when there is one, else the status alone). */
export async function errorOfResponse(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the status alone describes it.
  }
  return createApiError(response.status, body, response.headers);
}
