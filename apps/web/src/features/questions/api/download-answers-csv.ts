import { API_BASE_URL, CLIENT_ID } from '@/config/env';
import { ApiError, createApiError } from '@/lib/api-error';
import { readStorage } from '@/lib/token-storage';
import { requestsPath } from './question-keys';

/**
 * GET …/question-requests/{requestId}/answers.csv (one row per recipient, one column per item;
 * issue #10) and saves it as `{fileName}.csv` through a temporary object URL. The API client reads
 * JSON, so this call sends the same headers itself. Rejects with ApiError (status 0 offline).
 */
export async function downloadAnswersCsv(workspaceId: string, requestId: string, fileName: string): Promise<void> {
  const headers: Record<string, string> = { 'X-Client-Id': CLIENT_ID, Accept: 'text/csv' };
  const token = readStorage('accessToken');
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL.replace(/\/$/, '')}/${requestsPath(workspaceId, requestId, 'answers.csv')}`, { headers });
  } catch {
    throw new ApiError({
      status: 0,
      errorCode: 'NETWORK_ERROR',
      errorDisplayMessage: "We couldn't reach Tandem. Check your connection and try again.",
      errorData: null,
      payload: undefined,
    });
  }
  if (!response.ok) throw await createApiError(response.status, await response.json().catch(() => null), response.headers);
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${fileName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'answers'}.csv`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}
