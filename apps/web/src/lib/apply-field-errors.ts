import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-error';

/**
 * Puts a failed call's errorData ({field: message}, PRODUCT §4) on the matching form fields.
 * `aliases` maps API field names to form field names when they differ. Returns true when at least
 * one field got a message.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  aliases: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!isApiError(error) || !error.errorData) return false;
  let isApplied = false;
  for (const [key, message] of Object.entries(error.errorData)) {
    const field = aliases[key] ?? (fields.includes(key as Path<T>) ? (key as Path<T>) : undefined);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !isApplied });
    isApplied = true;
  }
  return isApplied;
}
