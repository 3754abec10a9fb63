import { describe, expect, it } from 'vitest';
import {
  changeItemKind,
  emptyDraft,
  findSendProblems,
  isMeaningful,
  isReadyToSend,
  itemProblem,
  moveItem,
  newDraftItem,
  recipientChannelOf,
  setRecipientChannel,
  toSaveBody,
  UNTITLED_REQUEST,
  type ComposerDraft,
} from './composer-draft';

const person = { id: '00000000-0000-4000-8000-000000000301', firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', company: '' };
const ready = (): ComposerDraft => ({
  ...emptyDraft('Europe/Paris'),
  title: 'Board prep',
  items: [{ ...newDraftItem(), prompt: 'How is Q3?' }],
  recipients: [person],
});

describe('composer draft (issue #10 composer)', () => {
  it('gives choice kinds two options and drops them for other kinds', () => {
    const choice = changeItemKind(newDraftItem(), 'SINGLE_CHOICE');
    expect(choice.options).toEqual(['', '']);
    expect(changeItemKind({ ...choice, options: ['A', 'B', 'C'] }, 'MULTI_CHOICE').options).toEqual(['A', 'B', 'C']);
    expect(changeItemKind({ ...choice, options: ['A', 'B'] }, 'SCALE_1_5').options).toEqual([]);
  });

  it('checks options with the contract: at least two, none empty, no duplicates', () => {
    const item = { ...newDraftItem('SINGLE_CHOICE'), prompt: 'Pick' };
    expect(itemProblem({ ...item, options: ['A'] })?.message).toBe('Give at least 2 options.');
    expect(itemProblem({ ...item, options: ['A', ' '] })?.message).toBe('An option cannot be empty.');
    expect(itemProblem({ ...item, options: ['A', 'a'] })?.message).toBe('Each option can appear only once.');
    expect(itemProblem({ ...item, options: ['A', 'B'] })).toBeNull();
    expect(itemProblem({ ...item, prompt: '  ', options: ['A', 'B'] })).toEqual({ field: 'prompt', message: 'Write the question.' });
  });

  it('saves only complete questions, an untitled title, and the due date as YYYY-MM-DD', () => {
    const draft = { ...ready(), title: ' ', items: [...ready().items, newDraftItem('MULTI_CHOICE')], dueDate: new Date(2026, 2, 20) };
    const body = toSaveBody(draft);
    expect(body.title).toBe(UNTITLED_REQUEST);
    expect(body.items).toEqual([{ prompt: 'How is Q3?', kind: 'OPEN_TEXT', options: [], required: true }]);
    expect(body.dueDate).toBe('2026-03-20');
    expect(body.timeZone).toBe('Europe/Paris');
    expect(body.contactIds).toEqual([person.id]);
    expect(toSaveBody({ ...draft, dueDate: new Date(Number.NaN) })).not.toHaveProperty('dueDate');
  });

  it('is meaningful once anything is typed or chosen', () => {
    expect(isMeaningful(emptyDraft())).toBe(false);
    expect(isMeaningful({ ...emptyDraft(), context: 'x' })).toBe(true);
  });

  it('refuses to send without questions, people or emails for Email', () => {
    expect(isReadyToSend(findSendProblems(ready()))).toBe(true);
    const problems = findSendProblems({ ...ready(), title: '', items: [], recipients: [] });
    expect(problems).toMatchObject({
      title: 'Enter a title.',
      items: 'Add at least one question.',
      recipients: 'Choose at least one person.',
    });
    const noEmail = { ...ready(), recipients: [{ ...person, email: null }] };
    expect(findSendProblems(noEmail).recipients).toMatch(/Dana Reyes has no email address/);
    expect(isReadyToSend(findSendProblems({ ...noEmail, channel: 'LINK' }))).toBe(true);
  });

  it('moves items up and down within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('composer draft channels (issue #12 per-person channel)', () => {
  const matched = { ...person, slackUserId: 'U0DANA' };
  const other = {
    id: '00000000-0000-4000-8000-000000000302',
    firstName: 'Sam',
    lastName: 'Ito',
    email: null,
    company: '',
    slackUserId: null,
  };
  const slack = (): ComposerDraft => ({ ...ready(), channel: 'SLACK', recipients: [matched, other] });

  it('gives Slack to people matched while Slack is connected, email to the others', () => {
    expect(recipientChannelOf(slack(), matched, true)).toBe('SLACK');
    expect(recipientChannelOf(slack(), matched, false)).toBe('EMAIL');
    expect(recipientChannelOf(slack(), other, true)).toBe('EMAIL');
    expect(recipientChannelOf({ ...slack(), channel: 'LINK' }, matched, true)).toBe('LINK');
  });

  it('keeps an override only while it differs from what the request gives, and saves overrides of picked people only', () => {
    const linked = setRecipientChannel(slack(), other, 'LINK', true);
    expect(linked.recipientChannels).toEqual({ [other.id]: 'LINK' });
    expect(setRecipientChannel(linked, other, 'EMAIL', true).recipientChannels).toEqual({});
    expect(toSaveBody({ ...linked, recipients: [matched] }).recipientChannels).toEqual({});
    expect(toSaveBody(linked).recipientChannels).toEqual({ [other.id]: 'LINK' });
  });

  it('refuses email without an address and Slack for someone not reachable there', () => {
    expect(findSendProblems(slack(), true).recipients).toBe('Sam Ito has no email address: add one, or send by copying links.');
    expect(findSendProblems(setRecipientChannel(slack(), other, 'LINK', true), true).recipients).toBeUndefined();
    const forced = { ...slack(), recipients: [matched], recipientChannels: { [matched.id]: 'SLACK' as const } };
    expect(findSendProblems(forced, true).recipients).toBeUndefined();
    expect(findSendProblems(forced, false).recipients).toBe(
      'Dana Reyes cannot be asked in Slack (Slack is not connected): choose Email or Link.',
    );
  });
});
