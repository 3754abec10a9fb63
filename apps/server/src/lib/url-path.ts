/**
 * The path of a request URL (`request.url`: path and query), without its query string. Builds no
 * array, and no new string when there is no query: it runs in hooks on every request (issue #13).
 */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}
