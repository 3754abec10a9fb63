import { downloadFile } from '@/lib/download-file';
import { requestsPath } from './question-keys';

/**
 * GET …/question-requests/{requestId}/answers.csv (one row per recipient, one column per item;
 * issue #10), saved by the browser as the server names it, else `{fileName}.csv`. Rejects ApiError
 * (status 0 offline).
 */
export function downloadAnswersCsv(workspaceId: string, requestId: string, fileName: string): Promise<void> {
  return downloadFile(requestsPath(workspaceId, requestId, 'answers.csv'), {
    accept: 'text/csv',
    fallbackName: `${fileName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'answers'}.csv`,
  });
}
