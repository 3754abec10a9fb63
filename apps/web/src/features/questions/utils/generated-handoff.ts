import { ItemKindSchema, REQUEST_TITLE_MAX } from '@tandem/contract';
import { z } from 'zod';
import { browserTimeZone, emptyDraft, newItemKey, type ComposerDraft, type DraftItem, type DraftRecipient } from './composer-draft';

/**
 * What /questions/generate hands the composer (issue #11 "Continue to composer"): the questions as
 * the assistant left them (valid or not: an invalid one is shown with its error, never dropped), the
 * people chosen as the audience, and the goal (a title suggestion and the request's context).
 */
export interface GeneratedHandoff {
  goal: string;
  items: Array<Pick<DraftItem, 'prompt' | 'kind' | 'options' | 'required'>>;
  recipients: DraftRecipient[];
}

// Session storage is this tab's own, but it outlives deploys: a stale or hand-edited entry is read as none.
const GeneratedHandoffSchema = z.object({
  goal: z.string(),
  items: z.array(z.object({ prompt: z.string(), kind: ItemKindSchema, options: z.array(z.string()), required: z.boolean() })),
  recipients: z.array(
    z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string().nullable(), company: z.string() }),
  ),
});

const KEY_PREFIX = 'tandem.generated-questions.';

/**
 * Stores `handoff` in this tab's session storage under a new one-time key and returns the key (for
 * paths.questions.new.getHref({ fromGeneration })). Throws when the storage is unavailable or full.
 */
export function storeGeneratedHandoff(handoff: GeneratedHandoff): string {
  const key = crypto.randomUUID();
  sessionStorage.setItem(KEY_PREFIX + key, JSON.stringify(handoff));
  return key;
}

/** The handoff stored under `key`, or null when there is none (used, expired with the tab, or unreadable). */
export function readGeneratedHandoff(key: string): GeneratedHandoff | null {
  try {
    const stored = sessionStorage.getItem(KEY_PREFIX + key);
    if (stored === null) return null;
    const parsed = GeneratedHandoffSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Consumes the handoff under `key` (the composer made its draft from it). */
export function dropGeneratedHandoff(key: string): void {
  try {
    sessionStorage.removeItem(KEY_PREFIX + key);
  } catch {
    // Storage that cannot be written holds nothing to drop.
  }
}

/**
 * A new composer draft filled from a generation: its questions in order, the chosen people as
 * recipients, the goal's first line as the title (cut to the title's limit) and the whole goal as
 * the context. Pure but for the fresh item keys.
 */
export function draftFromGenerated(handoff: GeneratedHandoff, timeZone = browserTimeZone()): ComposerDraft {
  const goal = handoff.goal.trim();
  const firstLine = goal.split(/\r?\n/, 1)[0]?.trim() ?? '';
  return {
    ...emptyDraft(timeZone),
    title: firstLine.slice(0, REQUEST_TITLE_MAX),
    context: goal,
    items: handoff.items.length > 0 ? handoff.items.map((item) => ({ ...item, key: newItemKey() })) : emptyDraft(timeZone).items,
    recipients: handoff.recipients,
  };
}
