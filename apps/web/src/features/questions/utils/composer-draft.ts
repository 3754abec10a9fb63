import {
  choiceKinds,
  QuestionItemInputSchema,
  REQUEST_ITEMS_MAX,
  type CreateQuestionRequestInput,
  type ItemKind,
  type QuestionItem,
  type QuestionRequest,
  type RecipientChannel,
  type RecipientChannels,
  type UpdateQuestionRequestBody,
} from '@tandem/contract';
import { format, isValid, parseISO } from 'date-fns';

/** One question as the composer edits it; `key` is local (React key, preview id), `id` the server's once saved. */
export interface DraftItem {
  key: string;
  id?: string;
  prompt: string;
  kind: ItemKind;
  options: string[];
  required: boolean;
}

/** A person picked as a recipient (enough to show and check them). */
export interface DraftRecipient {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  company: string;
  /** The Slack user they were matched to (issue #12); absent or null = not matched. */
  slackUserId?: string | null;
}

/** A request's channel as the composer chooses it (contract sendableChannels; SLACK = "Slack where possible"). */
export type DraftChannel = RecipientChannel;

/** What the composer edits (issue #10 /questions/new). `dueDate` null = none; an invalid Date while half typed. */
export interface ComposerDraft {
  title: string;
  context: string;
  items: DraftItem[];
  recipients: DraftRecipient[];
  channel: DraftChannel;
  /** Per-person overrides of `channel` (contact id → channel; issue #12); people not listed follow `channel`. */
  recipientChannels: RecipientChannels;
  dueDate: Date | null;
  timeZone: string;
  /** null = never remind. */
  remindAfterDays: number | null;
  confidential: boolean;
}

/** The title a draft is saved under until the assistant writes one (the API needs a title). */
export const UNTITLED_REQUEST = 'Untitled request';
export const DEFAULT_REMIND_AFTER_DAYS = 2;

/** The browser's IANA zone, UTC when unknown. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

let keySeed = 0;
/** A fresh local key for an item. */
export function newItemKey(): string {
  keySeed += 1;
  return `item-${keySeed}`;
}

/** A new empty question of `kind` (choice kinds start with two empty options). */
export function newDraftItem(kind: ItemKind = 'OPEN_TEXT'): DraftItem {
  return { key: newItemKey(), prompt: '', kind, options: choiceKinds.includes(kind) ? ['', ''] : [], required: true };
}

/**
 * An empty composer: one open-text question, e-mail, remind after 2 days, the browser's zone. The
 * composer turns e-mail into "Slack where possible" once it knows Slack is connected (issue #12).
 */
export function emptyDraft(timeZone = browserTimeZone()): ComposerDraft {
  return {
    title: '',
    context: '',
    items: [newDraftItem()],
    recipients: [],
    channel: 'EMAIL',
    recipientChannels: {},
    dueDate: null,
    timeZone,
    remindAfterDays: DEFAULT_REMIND_AFTER_DAYS,
    confidential: false,
  };
}

/** The composer's draft of a saved DRAFT request; `recipients` are filled by the caller (the request holds ids). */
export function draftFromRequest(request: QuestionRequest, recipients: DraftRecipient[]): ComposerDraft {
  return {
    title: request.title === UNTITLED_REQUEST ? '' : request.title,
    context: request.context,
    items: request.items.length > 0 ? request.items.map((item) => ({ ...item, key: item.id })) : [newDraftItem()],
    recipients,
    channel: request.channel,
    recipientChannels: request.recipientChannels ?? {},
    dueDate: request.dueDate ? parseISO(request.dueDate) : null,
    timeZone: request.timeZone,
    remindAfterDays: request.remindAfterDays,
    confidential: request.confidential,
  };
}

/** Changes a question's kind: choice kinds keep (or get two) options, other kinds drop them. */
export function changeItemKind(item: DraftItem, kind: ItemKind): DraftItem {
  const isChoice = choiceKinds.includes(kind);
  const options = isChoice ? (item.options.length >= 2 ? item.options : [...item.options, '', ''].slice(0, 2)) : [];
  return { ...item, kind, options };
}

/** Moves the item at `from` by `delta` (−1 up, +1 down); out of range leaves the list as is. Pure. */
export function moveItem<T>(items: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (to < 0 || to >= items.length || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** {@link moveItem} for the item whose `key` is given (the item lists key their rows). */
export function moveItemByKey<T extends { key: string }>(items: readonly T[], key: string, delta: number): T[] {
  return moveItem(
    items,
    items.findIndex((item) => item.key === key),
    delta,
  );
}

/** True when a question has anything typed (removing it then asks first). */
export function isItemFilled(item: DraftItem): boolean {
  return item.prompt.trim() !== '' || item.options.some((option) => option.trim() !== '');
}

/** The first problem of one question as the contract sees it (prompt, options), or null. */
export function itemProblem(item: DraftItem): { field: 'prompt' | 'options'; message: string } | null {
  const parsed = QuestionItemInputSchema.safeParse(toItemInput(item));
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return { field: issue?.path[0] === 'prompt' ? 'prompt' : 'options', message: issue?.message ?? 'Check this question.' };
}

function toItemInput(item: DraftItem) {
  return {
    ...(item.id ? { id: item.id } : {}),
    prompt: item.prompt,
    kind: item.kind,
    options: choiceKinds.includes(item.kind) ? item.options.map((option) => option.trim()) : [],
    required: item.required,
  };
}

/** True when the draft holds something worth saving (the first such change creates the request). */
export function isMeaningful(draft: ComposerDraft): boolean {
  return draft.title.trim() !== '' || draft.context.trim() !== '' || draft.items.some(isItemFilled) || draft.recipients.length > 0;
}

/** YYYY-MM-DD of a picked due date; undefined when half typed (not saved yet), null when none. */
function dueDateValue(date: Date | null): string | null | undefined {
  if (date === null) return null;
  return isValid(date) ? format(date, 'yyyy-MM-dd') : undefined;
}

/**
 * The body a save sends (contract CreateQuestionRequestBodySchema): only complete questions go out
 * (a half-written one stays on screen and is saved once it is complete), a half-typed due date is
 * left out, an empty title saves as {@link UNTITLED_REQUEST}. Pure.
 */
export function toSaveBody(draft: ComposerDraft): CreateQuestionRequestInput {
  const items = draft.items.filter((item) => itemProblem(item) === null).map(toItemInput);
  const dueDate = dueDateValue(draft.dueDate);
  return {
    title: draft.title.trim() || UNTITLED_REQUEST,
    context: draft.context.trim(),
    ...(items.length > 0 ? { items } : {}),
    ...(dueDate === undefined ? {} : { dueDate }),
    timeZone: draft.timeZone,
    remindAfterDays: draft.remindAfterDays,
    confidential: draft.confidential,
    channel: draft.channel,
    // Only the people still picked: the API takes overrides for the request's contacts only.
    recipientChannels: Object.fromEntries(
      draft.recipients.flatMap((recipient) => {
        const channel = draft.recipientChannels[recipient.id];
        return channel ? [[recipient.id, channel]] : [];
      }),
    ),
    contactIds: draft.recipients.map((recipient) => recipient.id),
  };
}

/** True when a person can get a Slack DM: matched to a Slack user while the workspace's Slack is connected (issue #12). */
export function isReachableInSlack(recipient: DraftRecipient, isSlackConnected: boolean): boolean {
  return isSlackConnected && Boolean(recipient.slackUserId);
}

/**
 * How the request's channel reaches one person (issue #12, as the server decides at send): Slack
 * for people reachable in Slack under SLACK ("Slack where possible"), e-mail for the others; EMAIL
 * and LINK as they say. Pure.
 */
export function defaultRecipientChannel(channel: DraftChannel, recipient: DraftRecipient, isSlackConnected: boolean): RecipientChannel {
  if (channel !== 'SLACK') return channel;
  return isReachableInSlack(recipient, isSlackConnected) ? 'SLACK' : 'EMAIL';
}

/** The channel one person gets: their override, else {@link defaultRecipientChannel}. Pure. */
export function recipientChannelOf(draft: ComposerDraft, recipient: DraftRecipient, isSlackConnected: boolean): RecipientChannel {
  return draft.recipientChannels[recipient.id] ?? defaultRecipientChannel(draft.channel, recipient, isSlackConnected);
}

/**
 * The draft with one person's channel set: choosing what the request's channel gives them anyway
 * drops the override, so they follow later changes of the request's channel. Pure.
 */
export function setRecipientChannel(
  draft: ComposerDraft,
  recipient: DraftRecipient,
  channel: RecipientChannel,
  isSlackConnected: boolean,
): ComposerDraft {
  const { [recipient.id]: _previous, ...others } = draft.recipientChannels;
  const isDefault = channel === defaultRecipientChannel(draft.channel, recipient, isSlackConnected);
  return { ...draft, recipientChannels: isDefault ? others : { ...others, [recipient.id]: channel } };
}

/** {@link toSaveBody} with the version it builds on (PATCH). */
export function toUpdateBody(draft: ComposerDraft, version: number): UpdateQuestionRequestBody {
  return { ...toSaveBody(draft), version } as UpdateQuestionRequestBody;
}

/** How many questions are not complete yet (not saved until they are). */
export function countIncompleteItems(draft: ComposerDraft): number {
  return draft.items.filter((item) => itemProblem(item) !== null).length;
}

/** Field → message of what stops a send (issue #10: items, recipients, e-mail for EMAIL; issue #12: Slack only for people reachable there). */
export type SendProblems = Partial<Record<'title' | 'items' | 'recipients' | 'dueDate', string>> & {
  itemMessages?: Record<string, string>;
};

const names = (people: DraftRecipient[]) => people.map((person) => `${person.firstName} ${person.lastName}`.trim()).join(', ');

/** Checks the draft before "Send" (`isSlackConnected`: the workspace's Slack is live); empty object = ready. Pure. */
export function findSendProblems(draft: ComposerDraft, isSlackConnected = false): SendProblems {
  const problems: SendProblems = {};
  if (draft.title.trim() === '') problems.title = 'Enter a title.';
  if (draft.items.length === 0) problems.items = 'Add at least one question.';
  if (draft.items.length > REQUEST_ITEMS_MAX) problems.items = `A request can have at most ${REQUEST_ITEMS_MAX} questions.`;
  const itemMessages: Record<string, string> = {};
  for (const item of draft.items) {
    const problem = itemProblem(item);
    if (problem) itemMessages[item.key] = problem.message;
  }
  if (Object.keys(itemMessages).length > 0) {
    problems.itemMessages = itemMessages;
    problems.items ??= 'Finish every question before sending.';
  }
  if (draft.recipients.length === 0) problems.recipients = 'Choose at least one person.';
  else {
    const channelOf = (recipient: DraftRecipient) => recipientChannelOf(draft, recipient, isSlackConnected);
    const missing = draft.recipients.filter((recipient) => channelOf(recipient) === 'EMAIL' && !recipient.email);
    const unreachable = draft.recipients.filter(
      (recipient) => channelOf(recipient) === 'SLACK' && !isReachableInSlack(recipient, isSlackConnected),
    );
    const messages = [];
    if (missing.length > 0)
      messages.push(`${names(missing)} ${missing.length === 1 ? 'has' : 'have'} no email address: add one, or send by copying links.`);
    if (unreachable.length > 0)
      messages.push(
        `${names(unreachable)} cannot be asked in Slack (${isSlackConnected ? 'not matched to a Slack user' : 'Slack is not connected'}): choose Email or Link.`,
      );
    if (messages.length > 0) problems.recipients = messages.join(' ');
  }
  if (draft.dueDate !== null && !isValid(draft.dueDate)) problems.dueDate = 'Enter the due date as mm/dd/yyyy.';
  return problems;
}

/** True when {@link findSendProblems} found nothing. */
export function isReadyToSend(problems: SendProblems): boolean {
  return Object.keys(problems).length === 0;
}

/** The draft's questions as QuestionItems for the preview's AnswerFields. */
export function previewItems(draft: ComposerDraft): QuestionItem[] {
  return draft.items.map((item) => ({
    id: item.key,
    prompt: item.prompt.trim() || 'Untitled question',
    kind: item.kind,
    options: item.options.filter((option) => option.trim() !== ''),
    required: item.required,
  }));
}
