import { downloadFile } from '@/lib/download-file';
import { contactsPath } from './get-contacts';

/**
 * GET v1/workspaces/{id}/contacts/export.csv → every person of the workspace as RFC 4180 CSV
 * (contract contactCsvColumns; issue #10), saved by the browser as a file. Rejects ApiError (403
 * for a GUEST; status 0 when the server is unreachable).
 */
export function exportContacts(workspaceId: string): Promise<void> {
  return downloadFile(`${contactsPath(workspaceId)}/export.csv`, { accept: 'text/csv', fallbackName: 'people.csv' });
}
