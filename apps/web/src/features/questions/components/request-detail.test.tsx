import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { renderWithTheme } from '@/lib/testing/render';
import { getToastMessage } from '@/lib/toast-store';
import { makeAnswer, makeItem, makeRecipient, makeRequest, uuid } from '../testing/make-request';
import { RequestDetailView } from './request-detail';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn(), post: vi.fn(), delete: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = 'w1';
const post = vi.mocked(api.post);
const put = vi.mocked(apiRequest);
const base = `v1/workspaces/${workspaceId}/question-requests/${uuid(1)}`;
const items = [makeItem(1), makeItem(2, { kind: 'SINGLE_CHOICE', prompt: 'Pick one', options: ['Go', 'Wait'], required: false })];
const answered = makeRecipient(1, { state: 'ANSWERED', openedAt: '2026-03-10T13:00:00.000Z', completedAt: '2026-03-10T14:00:00.000Z' });
const pending = makeRecipient(2, { remindersSent: 1 });
const former = makeRecipient(3, {
  state: 'PARTIAL',
  contact: { id: uuid(303), firstName: 'Old', lastName: 'Friend', email: null, company: '', isFormer: true },
});
const request = makeRequest({
  items,
  recipients: [answered, pending, former],
  progress: { total: 3, PENDING: 1, OPENED: 0, PARTIAL: 1, ANSWERED: 1 },
  answers: [
    makeAnswer(answered.id, items[0]!.id, 'Revenue is up', { late: true }),
    makeAnswer(former.id, items[0]!.id, 'From a call', {
      via: 'MEMBER',
      enteredBy: { memberId: uuid(9), firstName: 'Ann', lastName: 'Ames' },
    }),
  ],
});

function renderDetail(canEdit = true, detail = request) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RequestDetailView workspaceId={workspaceId} request={detail} canEdit={canEdit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('RequestDetailView (issue #10 /questions/{id})', { timeout: 20_000 }, () => {
  it('shows each person with their state, times and reminders, linked to their profile', () => {
    renderDetail();
    const people = screen.getByRole('list', { name: 'People asked' });
    const first = within(people).getByRole('listitem', { name: 'Person1 Lee' });
    expect(within(first).getByText('Answered')).toBeDefined();
    expect(within(first).getByText(/opened .* answered/)).toBeDefined();
    expect(within(first).getByRole('link', { name: 'Person1 Lee' }).getAttribute('href')).toBe(`/questions/people/${uuid(301)}`);
    expect(within(people).getByText(/1 reminder sent/)).toBeDefined();
    expect(within(people).getByText('Old Friend (former contact)')).toBeDefined();
    expect(screen.getByLabelText('Answered: 1 of 3 answered')).toBeDefined();
  });

  it('groups answers by person and by question, with the late flag and who entered one', async () => {
    const user = userEvent.setup();
    renderDetail();
    const byPerson = screen.getByRole('list', { name: 'Answers by person' });
    expect(within(byPerson).getByText('Revenue is up')).toBeDefined();
    expect(within(byPerson).getByText('Late')).toBeDefined();
    expect(within(byPerson).getByText('Entered by Ann Ames')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'By question' }));
    const byQuestion = screen.getByRole('list', { name: 'Answers by question' });
    expect(within(byQuestion).getByText('1. Question 1?')).toBeDefined();
    expect(within(byQuestion).getAllByText('No answer')).toHaveLength(2);
  });

  it('copies a person’s link and says so', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(screen.getByRole('button', { name: 'Copy link of Person2 Lee' }));
    expect(await navigator.clipboard.readText()).toBe('https://tandem.test/q/short2');
    expect(getToastMessage()?.message).toBe('Link of Person2 Lee copied.');
  });

  it('reminds every pending person and reports who was skipped', async () => {
    const user = userEvent.setup();
    post.mockResolvedValueOnce({ reminded: [pending.id], skipped: [{ recipientId: former.id, reason: 'reminded within the hour' }] });
    renderDetail();
    await user.click(screen.getByRole('button', { name: 'Remind all pending' }));
    await waitFor(() => expect(getToastMessage()?.message).toBe('1 person reminded. 1 skipped (reminded within the hour).'));
    expect(post).toHaveBeenCalledWith(`${base}/remind`, {});
    post.mockResolvedValueOnce({ reminded: [pending.id], skipped: [] });
    await user.click(screen.getByRole('button', { name: 'Remind Person2 Lee' }));
    expect(post).toHaveBeenLastCalledWith(`${base}/remind`, { recipientIds: [pending.id] });
    await waitFor(() => expect(getToastMessage()?.message).toBe('1 person reminded.'));
  });

  it('records answers on a person’s behalf, checked per kind', async () => {
    const user = userEvent.setup();
    put.mockResolvedValueOnce({});
    renderDetail();
    await user.click(screen.getByRole('button', { name: 'Record answers for Person2 Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record answers for Person2 Lee' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Question 1?' }), 'Said yes on the phone');
    await user.click(within(dialog).getByRole('radio', { name: 'Wait' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(`${base}/recipients/${pending.id}/answers`, {
        method: 'PUT',
        body: {
          answers: [
            { itemId: items[0]!.id, value: 'Said yes on the phone' },
            { itemId: items[1]!.id, value: 'Wait' },
          ],
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes the request only after a confirm, with its version', async () => {
    const user = userEvent.setup();
    post.mockResolvedValueOnce({ ...request, status: 'CLOSED' });
    renderDetail();
    await user.click(screen.getByRole('button', { name: 'Close request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this request?' });
    expect(post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close request' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${base}/close`, { version: 3 }));
  });

  it('revokes a link only after a confirm', async () => {
    const user = userEvent.setup();
    post.mockResolvedValueOnce({});
    renderDetail();
    await user.click(screen.getByRole('button', { name: 'Revoke link of Person2 Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the link of Person2 Lee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${base}/recipients/${pending.id}/revoke`));
  });

  it('offers no changes to a USER, nor on a closed request', () => {
    renderDetail(false);
    expect(screen.queryByRole('button', { name: 'Close request' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remind/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy link of Person2 Lee' })).toBeDefined();
  });

  it('says a closed request is read-only', () => {
    renderDetail(true, { ...request, status: 'CLOSED', closedAt: '2026-03-12T10:00:00.000Z' });
    expect(screen.getByText('This request is closed: answers are read-only.')).toBeDefined();
    expect(screen.queryByRole('button', { name: /Record answers/ })).toBeNull();
  });

  it('offers “Summarise answers” for a request with answers, linking to a new summary of it (issue #11)', () => {
    renderDetail();
    expect(screen.getByRole('link', { name: 'Summarise answers' })).toHaveAttribute(
      'href',
      `/questions/summaries/new?requestId=${encodeURIComponent(uuid(1))}`,
    );
  });

  it('disables “Summarise answers” for a confidential request, saying why', () => {
    renderDetail(true, { ...request, confidential: true });
    const button = screen.getByRole('button', { name: 'Summarise answers' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Confidential requests are never sent to an AI assistant.');
  });

  it('shows no “Summarise answers” to a reader', () => {
    renderDetail(false);
    expect(screen.queryByText('Summarise answers')).toBeNull();
  });

  it('shows no “Summarise answers” before anyone answered', () => {
    renderDetail(true, { ...request, answers: [] });
    expect(screen.queryByText('Summarise answers')).toBeNull();
  });

  describe('Slack (issue #12)', () => {
    const onSlack = makeRecipient(4, { channel: 'SLACK' });
    const failed = makeRecipient(5, { channel: 'SLACK', deliveryError: 'Slack could not deliver: they turned off messages from apps.' });
    const failedNoEmail = makeRecipient(6, {
      channel: 'SLACK',
      deliveryError: 'Slack could not deliver: user not found.',
      contact: { id: uuid(306), firstName: 'Nomail', lastName: 'Lee', email: null, company: '', isFormer: false },
    });
    const mixed = makeRequest({ channel: 'SLACK', recipients: [answered, onSlack, failed, failedNoEmail] });

    it('shows each person’s channel, and reminds Slack recipients too', () => {
      renderDetail(true, mixed);
      const people = screen.getByRole('list', { name: 'People asked' });
      expect(within(within(people).getByRole('listitem', { name: 'Person1 Lee' })).getByText('Email')).toBeDefined();
      const slackRow = within(people).getByRole('listitem', { name: 'Person4 Lee' });
      expect(within(slackRow).getByText('Slack')).toBeDefined();
      expect(within(slackRow).getByRole('button', { name: 'Remind Person4 Lee' })).toBeDefined();
      expect(within(slackRow).queryByRole('alert')).toBeNull();
    });

    it('shows a delivery failure on the row and sends by email instead', async () => {
      const user = userEvent.setup();
      post.mockResolvedValueOnce({ ...failed, channel: 'EMAIL', deliveryError: null });
      renderDetail(true, mixed);
      const row = screen.getByRole('listitem', { name: 'Person5 Lee' });
      expect(within(row).getByRole('alert')).toHaveTextContent('Slack could not deliver: they turned off messages from apps.');
      expect(within(row).queryByRole('button', { name: 'Remind Person5 Lee' })).toBeNull();
      await user.click(within(row).getByRole('button', { name: 'Send by email instead to Person5 Lee' }));
      await waitFor(() => expect(post).toHaveBeenCalledWith(`${base}/recipients/${failed.id}/email`));
      await waitFor(() => expect(getToastMessage()?.message).toBe('Sent to Person5 Lee by email.'));
    });

    it('says why a person without email cannot be sent email instead', () => {
      renderDetail(true, mixed);
      const button = within(screen.getByRole('listitem', { name: 'Nomail Lee' })).getByRole('button', {
        name: 'Send by email instead to Nomail Lee',
      });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('They have no email address.');
    });

    it('reports a refused fall-back with the server’s message', async () => {
      const user = userEvent.setup();
      post.mockRejectedValueOnce(
        new ApiError({ status: 409, errorCode: 'CONFLICT', errorDisplayMessage: 'The request is closed.', errorData: null, payload: null }),
      );
      renderDetail(true, mixed);
      await user.click(screen.getByRole('button', { name: 'Send by email instead to Person5 Lee' }));
      await waitFor(() => expect(getToastMessage()).toMatchObject({ message: 'The request is closed.', type: 'error' }));
    });

    it('offers no fall-back to a reader, who still sees the failure', () => {
      renderDetail(false, mixed);
      expect(screen.getByText(/^Slack could not deliver: they turned off/)).toBeDefined();
      expect(screen.queryByRole('button', { name: /Send by email instead/ })).toBeNull();
    });
  });
});
