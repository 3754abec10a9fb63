import { TZDate } from '@date-fns/tz';
import type { KnownBlock } from '@slack/web-api';
import { format } from 'date-fns';
import type { QuestionItem } from '@tandem/contract';

/**
 * The Block Kit messages of a question request in a person's DM (issue #12). Every text a person
 * wrote (title, context, prompts, options, names, follow-ups) goes through {@link escapeMrkdwn}, so
 * it renders as inert text: no mention, no link, no channel ping comes from user input.
 */

/** A message for chat.postMessage: the notification's plain `text` and its `blocks`. */
export interface DmMessage {
  text: string;
  blocks: KnownBlock[];
}

/**
 * `text` safe inside Slack mrkdwn: &, < and > escaped as Slack asks
 * (https://api.slack.com/reference/surfaces/formatting#escaping), so `<@U…>`, `<!channel>` and
 * `<https://…|…>` stay literal.
 */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The action id of the "Answer in Tandem" button (a link button; Slack sends no interaction we handle). */
export const ANSWER_BUTTON_ACTION_ID = 'tandem_answer_in_tandem';

/** The due date as a DM reads it: "Friday, December 4, 2026". */
const readableDate = (dueDate: string) => {
  const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
  return format(new TZDate(year, month - 1, day, 'UTC'), 'EEEE, MMMM d, yyyy');
};

/** Slack's limit on a section's text (https://api.slack.com/reference/block-kit/blocks#section). */
const SECTION_TEXT_MAX = 3000;

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });

/**
 * Already-escaped mrkdwn as as many sections as Slack's limit needs (a request's context may hold
 * 5,000 characters), never cutting inside an escape such as `&amp;`.
 */
function sections(escaped: string): KnownBlock[] {
  const blocks: KnownBlock[] = [];
  let rest = escaped;
  while (rest.length > SECTION_TEXT_MAX) {
    let cut = SECTION_TEXT_MAX;
    const amp = rest.lastIndexOf('&', cut - 1);
    if (amp > cut - 5 && !rest.slice(amp, cut).includes(';')) cut = amp;
    blocks.push(section(rest.slice(0, cut)));
    rest = rest.slice(cut);
  }
  if (rest) blocks.push(section(rest));
  return blocks;
}
const contextLine = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
const answerButton = (url: string): KnownBlock => ({
  type: 'actions',
  elements: [
    {
      type: 'button',
      action_id: ANSWER_BUTTON_ACTION_ID,
      text: { type: 'plain_text', text: 'Answer in Tandem' },
      style: 'primary',
      url,
    },
  ],
});

/** What the opening and reminder messages say about the request. */
export interface DmRequest {
  askerFirstName: string | null;
  workspaceName: string;
  title: string;
  context: string;
  dueDate: string | null;
  questionCount: number;
  /** `{publicUrl}/q/{linkId}`: the button's target. */
  answerUrl: string;
}

const asker = (request: DmRequest) =>
  request.askerFirstName
    ? `*${escapeMrkdwn(request.askerFirstName)}* from *${escapeMrkdwn(request.workspaceName)}*`
    : `*${escapeMrkdwn(request.workspaceName)}*`;

const questions = (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`;

/**
 * The request's opening message (slack_messages kind REQUEST; its thread carries follow-ups): who
 * asks from which workspace, the title, the context, the due date, the "Answer in Tandem" button
 * to `answerUrl`, and that each question can be answered in its own thread.
 */
export function requestMessage(request: DmRequest): DmMessage {
  const blocks: KnownBlock[] = [
    section(`${asker(request)} asks you ${questions(request.questionCount)}: *${escapeMrkdwn(request.title)}*`),
  ];
  if (request.context.trim()) blocks.push(...sections(escapeMrkdwn(request.context)));
  if (request.dueDate) blocks.push(contextLine(`Please answer by ${readableDate(request.dueDate)}.`));
  blocks.push(answerButton(request.answerUrl));
  blocks.push(contextLine('or reply in the thread under each question below.'));
  const by = request.askerFirstName ? `${request.askerFirstName} (${request.workspaceName})` : request.workspaceName;
  return { text: escapeMrkdwn(`${by} asks you ${questions(request.questionCount)}: ${request.title}`), blocks };
}

/** What to reply in a question's thread, per kind (the DM-replies side reads these replies). */
export function replyHint(item: Pick<QuestionItem, 'kind'>): string {
  switch (item.kind) {
    case 'OPEN_TEXT':
      return 'Reply in this thread with your answer.';
    case 'SINGLE_CHOICE':
      return 'Reply in this thread with the number or the text of one option.';
    case 'MULTI_CHOICE':
      return 'Reply in this thread with the numbers of every option that applies, separated by commas (e.g. 1, 3).';
    case 'SCALE_1_5':
      return 'Reply in this thread with a number from 1 (lowest) to 5 (highest).';
    case 'YES_NO':
      return 'Reply in this thread with yes or no.';
    case 'DATE':
      return 'Reply in this thread with a date as YYYY-MM-DD.';
  }
}

/**
 * One question's message (slack_messages kind QUESTION with its item id: a reply in its thread
 * answers it): "Question n of N", the prompt, the options numbered for choices, and what to reply.
 */
export function questionMessage(item: QuestionItem, position: number, count: number): DmMessage {
  const optional = item.required ? '' : ' (optional)';
  const blocks: KnownBlock[] = [section(`*Question ${position} of ${count}*${optional}\n${escapeMrkdwn(item.prompt)}`)];
  if (item.options.length > 0) {
    blocks.push(...sections(item.options.map((option, index) => `${index + 1}. ${escapeMrkdwn(option)}`).join('\n')));
  }
  blocks.push(contextLine(replyHint(item)));
  return { text: escapeMrkdwn(`Question ${position} of ${count}: ${item.prompt}`), blocks };
}

/** A reminder (kind REMINDER): the request is still waiting for their answers, with the button. */
export function reminderMessage(request: DmRequest): DmMessage {
  const blocks: KnownBlock[] = [
    section(`Reminder: ${asker(request)} is still waiting for your answers to *${escapeMrkdwn(request.title)}*.`),
  ];
  if (request.dueDate) blocks.push(contextLine(`Please answer by ${readableDate(request.dueDate)}.`));
  blocks.push(answerButton(request.answerUrl));
  blocks.push(contextLine('or reply in the thread under each question.'));
  return { text: escapeMrkdwn(`Reminder: ${request.title}`), blocks };
}

/** A member's follow-up (kind FOLLOW_UP), posted in the opening message's thread. */
export function followUpMessage(message: { senderName: string; body: string }): DmMessage {
  return {
    text: escapeMrkdwn(`${message.senderName}: ${message.body}`),
    blocks: sections(`*${escapeMrkdwn(message.senderName)}* wrote:\n${escapeMrkdwn(message.body)}`),
  };
}
