import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import type * as SessionStore from '@/lib/session/session-store';
import type { SessionState } from '@/lib/session/session-store';
import { makeContact } from '@/features/contacts/testing/make-contact';
import { renderPeopleRoute, TEST_WORKSPACE_ID } from '@/features/contacts/testing/render-route';
import { Component as PersonRoute } from './person';

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

const dana = makeContact('00000000-0000-4000-8000-000000000001', { notes: '<b>Prefers mornings</b>', openRequests: 1 });
const request = {
  id: '00000000-0000-4000-8000-000000000501',
  title: 'Board prep, Q3',
  status: 'SENT',
  dueDate: '2026-03-13',
  itemCount: 3,
  progress: { total: 5, PENDING: 1, OPENED: 1, PARTIAL: 1, ANSWERED: 2 },
  channel: 'EMAIL',
  sentAt: '2026-03-01T12:00:00.000Z',
  closedAt: null,
  createdBy: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
};

function mockPerson(contact = dana) {
  vi.mocked(api.get).mockImplementation((path) => {
    if (path.endsWith('/question-requests')) return Promise.resolve({ items: [request], nextCursor: null } as never);
    return Promise.resolve(contact as never);
  });
}
const renderPerson = (type: 'EXECUTIVEASSISTANT' | 'USER' = 'EXECUTIVEASSISTANT') =>
  renderPeopleRoute(session, PersonRoute, { path: '/questions/people/:id', url: `/questions/people/${dana.id}`, type });

afterEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.delete).mockReset();
});

describe('/questions/people/{id} (issue #10)', () => {
  it('shows the person’s details, notes as inert text, and the requests sent to them', async () => {
    mockPerson();
    renderPerson();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dana Scully' })).toBeInTheDocument();
    expect(screen.getByText('VP Sales · Acme')).toBeInTheDocument();
    expect(screen.getByText('09:00–17:00, Mon–Fri')).toBeInTheDocument();
    expect(screen.getByText('<b>Prefers mornings</b>')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'board' })).toHaveAttribute('href', '/questions/people?tag=board');
    const requests = await screen.findByRole('list', { name: 'Requests' });
    expect(within(requests).getByRole('link', { name: /Board prep, Q3/ })).toHaveAttribute('href', `/questions/${request.id}`);
    expect(within(requests).getByText(/due 03\/13\/2026 · 2 of 5 answered/)).toBeInTheDocument();
    expect(within(requests).getByText('Sent')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith(`v1/workspaces/${TEST_WORKSPACE_ID}/question-requests`, {
      query: { contactId: dana.id, limit: 25, cursor: undefined },
    });
    expect(screen.getByRole('link', { name: 'Conversation' })).toHaveAttribute('href', `/questions/people/${dana.id}/chat`);
  });

  it('deletes only after a confirmation, then goes back to the list', async () => {
    const user = userEvent.setup();
    mockPerson();
    vi.mocked(api.delete).mockResolvedValueOnce(undefined as never);
    const { router } = renderPerson();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Dana Scully?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.delete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Dana Scully?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questions/people'));
    expect(api.delete).toHaveBeenCalledWith(`v1/workspaces/${TEST_WORKSPACE_ID}/contacts/${dana.id}`);
  });

  it('shows a former contact with its banner and no edit or delete', async () => {
    mockPerson({ ...dana, deletedAt: '2026-03-05T12:00:00.000Z' });
    renderPerson();
    expect(await screen.findByText(/Former contact: Dana Scully was deleted/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(await screen.findByRole('list', { name: 'Requests' })).toBeInTheDocument();
  });

  it('edits in a dialog and saves through PATCH', async () => {
    const user = userEvent.setup();
    mockPerson();
    vi.mocked(api.patch).mockResolvedValueOnce({ ...dana, title: 'CFO' } as never);
    renderPerson();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Dana Scully' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'CFO');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(vi.mocked(api.patch).mock.calls[0]?.[0]).toBe(`v1/workspaces/${TEST_WORKSPACE_ID}/contacts/${dana.id}`);
    expect(vi.mocked(api.patch).mock.calls[0]?.[1]).toMatchObject({ title: 'CFO', email: 'dana@example.com', tags: ['board'] });
    expect(screen.getByText('CFO · Acme')).toBeInTheDocument();
  });

  it('says when the person does not exist', async () => {
    const { ApiError } = await import('@/lib/api-error');
    vi.mocked(api.get).mockRejectedValue(
      new ApiError({ status: 404, errorCode: 'NOT_FOUND', errorDisplayMessage: 'Not found.', errorData: null, payload: undefined }),
    );
    renderPerson();
    expect(await screen.findByText('This person does not exist, or is in another workspace.')).toBeInTheDocument();
  });
});
