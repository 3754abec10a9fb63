import {
  AiProviderKindSchema,
  GENERATE_COUNT_DEFAULT,
  ItemKindSchema,
  GenerateQuestionsBodySchema,
  type AiProviderInfo,
  type GeneratedQuestion,
  type GenerateQuestionsInput,
  type RepeatOf,
} from '@tandem/contract';
import { format, parseISO } from 'date-fns';
import { z } from 'zod';
import { contactName, newDraftItem, type DraftItem, type DraftRecipient } from '@/features/questions';

/** A proposed question as the assistant edits it: a composer item with the generator's reason and repeat. */
export interface ProposedQuestion extends DraftItem {
  /** One line on why it is asked ("" for one the assistant added). */
  reason: string;
  repeatOf: RepeatOf | null;
}

/** The form of /questions/generate as typed (`count` is the field's text, so half-typed numbers stay). */
export interface GenerateForm {
  goal: string;
  audienceDescription: string;
  recipients: DraftRecipient[];
  count: string;
}

/** What the page keeps across reloads (issue #11 "a page reload keeps the proposed items"). */
export interface GeneratePageState {
  form: GenerateForm;
  proposal: { items: ProposedQuestion[]; provider: AiProviderInfo } | null;
}

/** Field → message of what stops "Generate". */
export type GenerateFormProblems = Partial<Record<'goal' | 'audienceDescription' | 'contactIds' | 'count', string>>;

/** An empty form: no goal, no audience, the contract's default count (5). */
export function emptyGenerateForm(): GenerateForm {
  return { goal: '', audienceDescription: '', recipients: [], count: String(GENERATE_COUNT_DEFAULT) };
}

/** The request body of a form (contract GenerateQuestionsBodySchema input). Pure. */
export function toGenerateBody(form: GenerateForm): GenerateQuestionsInput {
  return {
    goal: form.goal,
    audienceDescription: form.audienceDescription,
    contactIds: form.recipients.map((recipient) => recipient.id),
    count: form.count.trim() === '' ? Number.NaN : Number(form.count),
  };
}

/** The form's problems as the contract sees them, first message per field; empty object = ready. Pure. */
export function findGenerateProblems(form: GenerateForm): GenerateFormProblems {
  const parsed = GenerateQuestionsBodySchema.safeParse(toGenerateBody(form));
  if (parsed.success) return {};
  const problems: GenerateFormProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'goal' || field === 'audienceDescription' || field === 'contactIds' || field === 'count')
      problems[field] ??= issue.message;
  }
  return problems;
}

/** The generator's questions as editable proposals, in order (fresh local keys). */
export function toProposedQuestions(items: readonly GeneratedQuestion[]): ProposedQuestion[] {
  return items.map((item) => ({
    key: newDraftItem().key,
    prompt: item.prompt,
    kind: item.kind,
    options: item.options,
    required: item.required,
    reason: item.reason,
    repeatOf: item.repeatOf,
  }));
}

/** A question the assistant adds by hand: open text, required, no reason. */
export function newProposedQuestion(): ProposedQuestion {
  return { ...newDraftItem(), reason: '', repeatOf: null };
}

/**
 * "Asked on Mar 3, 2026 in “Q3 budget” to Dana Reyes and Sam Lee": a repeat warning. The names are
 * the chosen people it went to; people not among them are counted ("2 people").
 */
export function describeRepeat(repeatOf: RepeatOf, people: readonly DraftRecipient[]): string {
  const byId = new Map(people.map((person) => [person.id, contactName(person)]));
  const names = repeatOf.contactIds.flatMap((id) => byId.get(id) ?? []);
  const others = repeatOf.contactIds.length - names.length;
  const parts = [...names, ...(others > 0 ? [`${others} ${others === 1 ? 'other person' : 'other people'}`] : [])];
  const to =
    parts.length === 0 ? 'the same people' : parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Asked on ${format(parseISO(repeatOf.sentAt), 'MMM d, yyyy')} in “${repeatOf.requestTitle}” to ${to}`;
}

const StoredStateSchema = z.object({
  form: z.object({
    goal: z.string(),
    audienceDescription: z.string(),
    recipients: z.array(
      z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string().nullable(), company: z.string() }),
    ),
    count: z.string(),
  }),
  proposal: z
    .object({
      items: z.array(
        z.object({
          key: z.string(),
          prompt: z.string(),
          kind: ItemKindSchema,
          options: z.array(z.string()),
          required: z.boolean(),
          reason: z.string(),
          repeatOf: z
            .object({
              requestId: z.string(),
              requestTitle: z.string(),
              itemId: z.string(),
              prompt: z.string(),
              sentAt: z.string(),
              contactIds: z.array(z.string()),
            })
            .nullable(),
        }),
      ),
      provider: z.object({
        kind: AiProviderKindSchema,
        model: z.string().nullable(),
        fellBack: z.boolean(),
        fallbackReason: z.string().nullable(),
      }),
    })
    .nullable(),
});

const storageKey = (workspaceId: string) => `tandem.generate-questions.${workspaceId}`;

/** The page's state kept in this tab for `workspaceId`, or null (none, or unreadable). */
export function readGeneratePageState(workspaceId: string): GeneratePageState | null {
  try {
    const stored = sessionStorage.getItem(storageKey(workspaceId));
    if (stored === null) return null;
    const parsed = StoredStateSchema.safeParse(JSON.parse(stored));
    return parsed.success ? (parsed.data as GeneratePageState) : null;
  } catch {
    return null;
  }
}

/** Keeps the page's state in this tab (a full or blocked storage only loses the reload copy). */
export function keepGeneratePageState(workspaceId: string, state: GeneratePageState): void {
  try {
    sessionStorage.setItem(storageKey(workspaceId), JSON.stringify(state));
  } catch {
    // The page still holds everything; only a reload would lose it.
  }
}
