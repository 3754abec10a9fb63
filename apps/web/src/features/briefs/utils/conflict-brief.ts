import { BriefSchema, type Brief } from '@tandem/contract';

/**
 * The brief a 409 VERSION_CONFLICT carries as `current` (contract BriefConflictSchema), or null when
 * the body has none or it is not a brief. Loaded with the first conflict only, so the brief page
 * renders without zod (decision 031).
 */
export function parseConflictBrief(current: unknown): Brief | null {
  const parsed = BriefSchema.safeParse(current);
  return parsed.success ? parsed.data : null;
}
