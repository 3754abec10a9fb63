import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type * as SessionStore from '@/lib/session/session-store';
import type { SessionState } from '@/lib/session/session-store';
import { makeContact } from '@/features/contacts/testing/make-contact';
import { renderPeopleRoute, TEST_WORKSPACE_ID } from '@/features/contacts/testing/render-route';
import { Component as PersonChatRoute } from './person-chat';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), patch: vi.fn(), post: vi.fn(), delete: vi.fn() },
  apiRequest: vi.fn(),
  refreshSession: vi.fn(),
}));

const dana = makeContact('00000000-0000-4000-8000-000000000001');
const contactPath = `v1/workspaces/${TEST_WORKSPACE_ID}/contacts/${dana.id}`;
const REQUEST_ID = '00000000-0000-4000-8000-000000000501';
const avery = { memberId: '00000000-0000-4000-8000-000000000701', firstName: 'Avery', lastName: 'Tester' };
const message = (id: string, authorType: 'MEMBER' | 'CONTACT', body: string, at: string) => ({
  kind: 'MESSAGE',
  id: `m-${id}`,
  at,
  message: {
    id: `00000000-0000-4000-8000-00000000080${id}`,
    contactId: dana.id,
    authorType,
    member: authorType === 'MEMBER' ? avery : null,
    body,
    via: 'LINK',
    requestId: null,
    createdAt: at,
  },
});
const sent = {
  kind: 'REQUEST_SENT',
  id: 'sent-1',
  at: '2026-03-01T12:00:00.000Z',
  requestId: REQUEST_ID,
  requestTitle: 'Board prep, Q3',
  recipientId: '00000000-0000-4000-8000-000000000601',
  sentBy: avery,
};
const answers = {
  kind: 'ANSWERS',
  id: 'answers-1',
  at: '2026-03-02T12:00:00.000Z',
  requestId: REQUEST_ID,
  requestTitle: 'Board prep, Q3',
  recipientId: '00000000-0000-4000-8000-000000000601',
  answers: [{ itemId: '00000000-0000-4000-8000-000000000101', prompt: 'What worries you most?', text: 'Hiring', late: true }],
};

function mockChat(pages: Record<string, unknown>) {
  vi.mocked(api.get).mockImplementation((path, options) => {
    if (path.endsWith('/timeline')) return Promise.resolve(pages[String(options?.query?.cursor ?? 'first')] as never);
    return Promise.resolve(dana as never);
  });
}
const renderChat = () =>
  renderPeopleRoute(session, PersonChatRoute, { path: '/questions/people/:id/chat', url: `/questions/people/${dana.id}/chat` });
const entryTexts = () =>
  within(screen.getByRole('list', { name: 'Conversation' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

afterEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('/questions/people/{id}/chat (issue #10)', () => {
  it('shows one timeline oldest to newest, earlier pages on demand', async () => {
    const user = userEvent.setup();
    mockChat({
      first: {
        items: [
          message('2', 'CONTACT', 'Is Q3 fiscal?', '2026-03-04T12:00:00.000Z'),
          message('1', 'MEMBER', 'Any news?', '2026-03-03T12:00:00.000Z'),
        ],
        nextCursor: 'older',
      },
      older: { items: [answers, sent], nextCursor: null },
    });
    renderChat();
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation with Dana Scully' })).toBeInTheDocument();
    await waitFor(() => expect(entryTexts()).toHaveLength(2));
    expect(entryTexts()[0]).toMatch(/^Avery Tester · .*Any news\?$/);
    expect(entryTexts()[1]).toMatch(/^Dana Scully · .*Is Q3 fiscal\?$/);

    await user.click(screen.getByRole('button', { name: 'Load earlier' }));
    await waitFor(() => expect(entryTexts()).toHaveLength(4));
    expect(entryTexts()[0]).toMatch(/Request sent: Board prep, Q3 by Avery Tester/);
    expect(entryTexts()[1]).toMatch(/Dana Scully answered Board prep, Q3.*What worries you most\?HiringLate/);
    expect(screen.getAllByRole('link', { name: 'Board prep, Q3' })[0]).toHaveAttribute('href', `/questions/${REQUEST_ID}`);
    expect(screen.queryByRole('button', { name: 'Load earlier' })).toBeNull();
  });

  it('sends a follow-up with Ctrl+Enter and clears the box', async () => {
    const user = userEvent.setup();
    mockChat({ first: { items: [sent], nextCursor: null } });
    vi.mocked(api.post).mockResolvedValueOnce(message('3', 'MEMBER', 'Thanks!', '2026-03-05T12:00:00.000Z').message as never);
    renderChat();
    const box = await screen.findByRole('textbox', { name: 'Message to Dana' });
    await user.type(box, 'Thanks!');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(api.post).toHaveBeenCalledWith(`${contactPath}/messages`, { body: 'Thanks!' });
  });

  it('explains a 409 (no open answer link: send a request first) and keeps the text', async () => {
    const user = userEvent.setup();
    mockChat({ first: { items: [], nextCursor: null } });
    vi.mocked(api.post).mockRejectedValueOnce(
      new ApiError({ status: 409, errorCode: 'CONFLICT', errorDisplayMessage: 'No active link.', errorData: null, payload: undefined }),
    );
    renderChat();
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Message to Dana' });
    await user.type(box, 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Dana has no open answer link.*Send them a request first/)).toBeInTheDocument();
    expect(box).toHaveValue('Hello there');
  });
});
