import { API_BASE_URL, CLIENT_ID } from '@/config/env';
import { ApiError, createApiError } from '@/lib/api-error';
import { refreshSession } from '@/lib/api-client';
import { readStorage } from '@/lib/token-storage';

/** The file name of a download: the Content-Disposition's, else `fallback`. */
function fileNameOf(headers: Headers, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

const unreachable = () =>
  new ApiError({
    status: 0,
    errorCode: 'NETWORK_ERROR',
    errorDisplayMessage: "We couldn't reach Tandem. Check your connection and try again.",
    errorData: null,
    payload: undefined,
  });

/**
 * GETs `path` (under the API base, e.g. "v1/workspaces/{id}/contacts/export.csv") as a file and
 * has the browser save it, named as the server's Content-Disposition says, else `fallbackName`.
 * The API client reads JSON only, so this sends the same headers itself (X-Client-Id, the session's
 * access token) and refreshes an expired session once. Used by the CSV exports (issue #10).
 * Rejects ApiError: the API's error for a refusal, status 0 when the server is unreachable.
 */
export async function downloadFile(path: string, options: { accept: string; fallbackName: string }): Promise<void> {
  const url = `${API_BASE_URL.replace(/\/+$/, '')}/${path}`;
  const request = async () => {
    const token = readStorage('accessToken');
    try {
      return await fetch(url, {
        headers: { 'X-Client-Id': CLIENT_ID, Accept: options.accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    } catch {
      throw unreachable();
    }
  };
  let response = await request();
  if (response.status === 401 && (await refreshSession())) response = await request();
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the status alone describes it.
    }
    throw await createApiError(response.status, body, response.headers);
  }
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers, options.fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
