import type { SlackChannel, SlackStatus } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { renderWithTheme } from '@/lib/testing/render';
import { getToastMessage } from '@/lib/toast-store';
import { uuid } from '../testing/make-summary';
import { PostToSlack } from './post-to-slack';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn(), post: vi.fn(), delete: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = 'w1';
const summaryId = uuid(900);
const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const connected: SlackStatus = {
  configured: true,
  missingSettings: [],
  planAllows: true,
  canConnect: true,
  connection: {
    teamId: 'T1',
    teamName: 'Acme',
    botUserId: 'UBOT',
    scopes: [],
    installedBy: null,
    installedAt: '2026-03-01T12:00:00.000Z',
  },
  disconnectedReason: null,
  redirectUrl: 'https://tandem.test/slack/oauth/callback',
  eventsUrl: 'https://tandem.test/api/slack/events',
};

/** Answers GET …/slack with `status` and GET …/slack/channels with each of `pages` in turn (the last one repeats). */
function serve(status: SlackStatus, ...pages: SlackChannel[][]) {
  let call = 0;
  get.mockImplementation((path: string) => {
    if (path === `v1/workspaces/${workspaceId}/slack`) return Promise.resolve(status);
    if (path === `v1/workspaces/${workspaceId}/slack/channels`) {
      const items = pages[Math.min(call, pages.length - 1)] ?? [];
      call += 1;
      return Promise.resolve({ items });
    }
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
}

function renderPost() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <PostToSlack workspaceId={workspaceId} summaryId={summaryId} />
    </QueryClientProvider>,
  );
}

const general = { id: 'C1', name: 'general', isPrivate: false };
const board = { id: 'G2', name: 'board', isPrivate: true };

beforeEach(() => vi.clearAllMocks());

describe('PostToSlack (issue #12: a published summary to a channel)', { timeout: 20_000 }, () => {
  it('is not offered while Slack is not connected', async () => {
    serve({ ...connected, connection: null });
    renderPost();
    await waitFor(() => expect(get).toHaveBeenCalledWith(`v1/workspaces/${workspaceId}/slack`));
    expect(screen.queryByRole('button', { name: 'Post to Slack' })).toBeNull();
  });

  it('lists only the channels the bot is in and posts to the chosen one, with a link to the message', async () => {
    const user = userEvent.setup();
    serve(connected, [general, board]);
    post.mockResolvedValueOnce({ channelId: 'G2', ts: '1.2', permalink: 'https://acme.slack.com/archives/G2/p12' });
    renderPost();
    await user.click(await screen.findByRole('button', { name: 'Post to Slack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post to Slack' });
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(within(dialog).getByText('Choose a channel.')).toBeDefined();
    expect(post).not.toHaveBeenCalled();
    await user.click(await within(dialog).findByRole('combobox', { name: /Channel/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['#general', 'board (private)']);
    await user.click(screen.getByRole('option', { name: 'board (private)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`v1/workspaces/${workspaceId}/summaries/${summaryId}/slack`, { channelId: 'G2' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToastMessage()?.message).toBe('Posted to board (private) in Slack.');
    expect(screen.getByRole('status')).toHaveTextContent('Posted to board (private).');
    expect(screen.getByRole('link', { name: 'Open in Slack' })).toHaveAttribute('href', 'https://acme.slack.com/archives/G2/p12');
  });

  it('explains how to invite the app when the bot is in no channel, and refreshes', async () => {
    const user = userEvent.setup();
    serve(connected, [], [general]);
    renderPost();
    await user.click(await screen.findByRole('button', { name: 'Post to Slack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post to Slack' });
    expect(await within(dialog).findByText(/Invite the Tandem app to a channel in Slack, then refresh\./)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    expect(await within(dialog).findByRole('combobox', { name: /Channel/ })).toBeDefined();
  });

  it('shows the server’s refusal of a channel on the picker', async () => {
    const user = userEvent.setup();
    serve(connected, [general]);
    post.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        errorCode: 'VALIDATION_ERROR',
        errorDisplayMessage: 'Check the channel.',
        errorData: { channelId: 'Tandem is not in this channel any more.' },
        payload: null,
      }),
    );
    renderPost();
    await user.click(await screen.findByRole('button', { name: 'Post to Slack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post to Slack' });
    await user.click(await within(dialog).findByRole('combobox', { name: /Channel/ }));
    await user.click(screen.getByRole('option', { name: '#general' }));
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('Tandem is not in this channel any more.')).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Post to Slack' })).toBeDefined();
  });
});
