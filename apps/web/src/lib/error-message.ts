/** What {@link getApiErrorMessage} reads from a failed answer. */
export interface ErrorMessageSource {
  payload?: unknown;
  errorDisplayMessage?: string | null;
  errorData?: Record<string, string> | null;
}

/**
 * The text of the error toast of a failed API response, chosen in the seed's order (seed §8):
 * `payload.error_message`; then `errorDisplayMessage`; then, when errorData exists and there is no
 * display message, 'Errors occurred:' followed by the errorData values; otherwise
 * 'An error occurred.' Pure.
 */
export function getApiErrorMessage(source: ErrorMessageSource | null | undefined): string {
  const payload = source?.payload;
  if (payload !== null && typeof payload === 'object') {
    const errorMessage = (payload as Record<string, unknown>).error_message;
    if (typeof errorMessage === 'string' && errorMessage !== '') return errorMessage;
  }
  if (source?.errorDisplayMessage) return source.errorDisplayMessage;
  const values = Object.values(source?.errorData ?? {}).filter((value) => value !== '');
  if (source?.errorData && values.length > 0) return `Errors occurred: ${values.join(' ')}`;
  return 'An error occurred.';
}
