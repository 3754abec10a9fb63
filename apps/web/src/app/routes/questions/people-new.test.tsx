import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type * as SessionStore from '@/lib/session/session-store';
import type { SessionState } from '@/lib/session/session-store';
import { makeContact } from '@/features/contacts/testing/make-contact';
import { renderPeopleRoute, TEST_WORKSPACE_ID } from '@/features/contacts/testing/render-route';
import { Component as NewPersonRoute } from './people-new';

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

const renderNewPerson = (type: 'EXECUTIVEASSISTANT' | 'USER' = 'EXECUTIVEASSISTANT') =>
  renderPeopleRoute(session, NewPersonRoute, { path: '/questions/people/new', url: '/questions/people/new', type });

afterEach(() => vi.mocked(api.post).mockReset());

describe('/questions/people/new (issue #10)', () => {
  it('checks the form with the contract’s rules before sending anything', async () => {
    const user = userEvent.setup();
    renderNewPerson();
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    await waitFor(() => expect(firstName).toHaveFocus());
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Fri' }));
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    expect(await screen.findByText('Enter a first name.')).toBeInTheDocument();
    expect(screen.getByText('Enter an email address such as dana@example.com.')).toBeInTheDocument();
    expect(firstName).toHaveFocus();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('puts the server’s 409 EMAIL_TAKEN on the email field, keeping what was typed', async () => {
    const user = userEvent.setup();
    vi.mocked(api.post).mockRejectedValueOnce(
      new ApiError({
        status: 409,
        errorCode: 'EMAIL_TAKEN',
        errorDisplayMessage: 'Someone has this email.',
        errorData: { email: 'Dana Scully already has this email.' },
        payload: undefined,
      }),
    );
    renderNewPerson();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Dana');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Dana@Example.com');
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    expect(await screen.findByText('Dana Scully already has this email.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('Dana@Example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('adds the person with their working hours and tags, then opens the profile', async () => {
    const user = userEvent.setup();
    const created = makeContact('00000000-0000-4000-8000-000000000009');
    vi.mocked(api.post).mockResolvedValueOnce(created as never);
    const { router } = renderNewPerson();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), ' Dana ');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Scully');
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'board{Enter}');
    await user.click(screen.getByRole('button', { name: 'Sat' }));
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/questions/people/${created.id}`));
    expect(api.post).toHaveBeenCalledWith(`v1/workspaces/${TEST_WORKSPACE_ID}/contacts`, {
      firstName: 'Dana',
      lastName: 'Scully',
      email: null,
      title: '',
      company: '',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      workingHours: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5, 6] },
      tags: ['board'],
      notes: '',
    });
  });

  it('tells a user they cannot add people', () => {
    renderNewPerson('USER');
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(/edit questions, contacts and summaries/);
  });
});
