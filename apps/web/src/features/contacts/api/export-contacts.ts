import { API_BASE_URL, CLIENT_ID } from '@/config/env';
import { createApiError } from '@/lib/api-error';
import { refreshSession } from '@/lib/api-client';
import { readStorage } from '@/lib/token-storage';
import { contactsPath } from './get-contacts';

/** The file name of a download: the Content-Disposition's, else `fallback`. */
function fileNameOf(headers: Headers, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * GET v1/workspaces/{id}/contacts/export.csv → every person of the workspace as RFC 4180 CSV
 * (contract contactCsvColumns; issue #10), saved by the browser as a file. The API client reads JSON
 * only, so this call sends the same headers itself; an expired session refreshes once. Rejects
 * ApiError (403 for a GUEST; status 0 when the server is unreachable).
 */
export async function exportContacts(workspaceId: string): Promise<void> {
  const url = `${API_BASE_URL.replace(/\/+$/, '')}/${contactsPath(workspaceId)}/export.csv`;
  const request = () => {
    const token = readStorage('accessToken');
    return fetch(url, {
      headers: { 'X-Client-Id': CLIENT_ID, Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
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
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers, 'people.csv');
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
