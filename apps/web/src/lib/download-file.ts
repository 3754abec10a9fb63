import { authorizedFetch, errorOfResponse } from '@/lib/authorized-fetch';

/** The file name of a download: the Content-Disposition's, else `fallback`. */
function fileNameOf(headers: Headers, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * GETs `path` (under the API base, e.g. "v1/workspaces/{id}/contacts/export.csv") as a file and
 * has the browser save it, named as the server's Content-Disposition says, else `fallbackName`.
 * Used by the CSV exports (issue #10). Rejects ApiError: the API's error for a refusal, status 0
 * when the server is unreachable.
 */
export async function downloadFile(path: string, options: { accept: string; fallbackName: string }): Promise<void> {
  const response = await authorizedFetch(path, { headers: { Accept: options.accept } });
  if (!response.ok) throw await errorOfResponse(response);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers, options.fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
