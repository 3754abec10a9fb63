import type { Contact, SlackStatus } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiRequest } from '@/lib/api-client';
import { renderWithTheme } from '@/lib/testing/render';
import { getToastMessage } from '@/lib/toast-store';
import { contactQueryOptions } from '../api/get-contact';
import { makeContact } from '../testing/make-contact';
import { ContactSlackMatch } from './contact-slack-match';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn(), post: vi.fn(), delete: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = 'w1';
const get = vi.mocked(api.get);
const put = vi.mocked(apiRequest);
const remove = vi.mocked(api.delete);
const dana = makeContact('00000000-0000-4000-8000-000000000001', { timeZone: 'UTC' });
const contactPath = `v1/workspaces/${workspaceId}/contacts/${dana.id}`;
const slackDana = {
  slackUserId: 'U0DANA',
  name: 'dana',
  realName: 'Dana Scully',
  email: 'dana@example.com',
  timeZone: 'America/Los_Angeles',
};

const connected: SlackStatus = {
  configured: true,
  missingSettings: [],
  planAllows: true,
  canConnect: true,
  connection: { teamId: 'T1', teamName: 'Acme', botUserId: 'UBOT', scopes: [], installedBy: null, installedAt: '2026-03-01T12:00:00.000Z' },
  disconnectedReason: null,
  redirectUrl: 'https://tandem.test/slack/oauth/callback',
  eventsUrl: 'https://tandem.test/api/slack/events',
};

/** GET …/slack answers `status`, GET …/slack-match answers each of `candidates` in turn, GET the contact answers `contact`. */
function serve(status: SlackStatus, candidates: (typeof slackDana | null)[] = [], contact: Contact = dana) {
  let lookups = 0;
  get.mockImplementation((path: string) => {
    if (path === `v1/workspaces/${workspaceId}/slack`) return Promise.resolve(status);
    if (path === `${contactPath}/slack-match`) return Promise.resolve({ candidate: candidates[lookups++] ?? null });
    if (path === contactPath) return Promise.resolve(contact);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
}

function renderMatch(contact: Contact = dana, canEdit = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ContactSlackMatch workspaceId={workspaceId} contact={contact} canEdit={canEdit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const lookups = () => get.mock.calls.filter(([path]) => path === `${contactPath}/slack-match`).length;

beforeEach(() => vi.clearAllMocks());

describe('ContactSlackMatch (issue #12: people matched to Slack users on their page)', { timeout: 20_000 }, () => {
  it('finds the Slack user with their email and confirms the match, reloading the person', async () => {
    const user = userEvent.setup();
    const matched = { ...dana, slackUserId: 'U0DANA', slackUserName: 'dana', timeZone: 'America/Los_Angeles' };
    serve(connected, [slackDana], matched);
    put.mockResolvedValueOnce(matched);
    const queryClient = renderMatch();
    expect(await screen.findByText('Not matched to a Slack user yet.')).toBeDefined();
    expect(lookups()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Find in Slack' }));
    const found = await screen.findByRole('group', { name: 'Slack user found' });
    expect(within(found).getByText('Dana Scully')).toBeDefined();
    expect(within(found).getByText('@dana')).toBeDefined();
    expect(within(found).getByText('dana@example.com')).toBeDefined();
    expect(within(found).getByText('America/Los Angeles')).toBeDefined();
    expect(within(found).getByText('Confirming also sets their time zone to America/Los Angeles.')).toBeDefined();
    await user.click(within(found).getByRole('button', { name: 'Confirm match' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith(`${contactPath}/slack`, { method: 'PUT', body: { slackUserId: 'U0DANA' } }));
    await waitFor(() => expect(getToastMessage()?.message).toBe('Dana Scully is matched to @dana in Slack.'));
    expect(screen.queryByRole('group', { name: 'Slack user found' })).toBeNull();
    // The profile shows the answer at once and reloads it (the server may have filled the time zone).
    const { queryKey } = contactQueryOptions(workspaceId, dana.id);
    expect(queryClient.getQueryData(queryKey)).toMatchObject({ timeZone: 'America/Los_Angeles' });
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });

  it('says so when nobody in Slack has their email', async () => {
    const user = userEvent.setup();
    serve(connected, [null]);
    renderMatch();
    await user.click(await screen.findByRole('button', { name: 'Find in Slack' }));
    expect(await screen.findByText('No one in Slack has the email dana@example.com.')).toBeDefined();
    expect(put).not.toHaveBeenCalled();
  });

  it('drops a candidate on “Not them” without matching', async () => {
    const user = userEvent.setup();
    serve(connected, [slackDana]);
    renderMatch();
    await user.click(await screen.findByRole('button', { name: 'Find in Slack' }));
    await user.click(await screen.findByRole('button', { name: 'Not them' }));
    expect(screen.queryByRole('group', { name: 'Slack user found' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Find in Slack' })).toBeDefined();
    expect(put).not.toHaveBeenCalled();
  });

  it('shows a match, looks up again on Change, and removes it only after a confirmation', async () => {
    const user = userEvent.setup();
    const matched = { ...dana, slackUserId: 'U0DANA', slackUserName: 'dana' };
    serve(connected, [slackDana], matched);
    remove.mockResolvedValueOnce(dana);
    renderMatch(matched);
    expect(await screen.findByText('@dana')).toBeDefined();
    expect(screen.getByText(/Matched to/)).toHaveTextContent('Matched to @dana in Slack.');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByRole('group', { name: 'Slack user found' })).toBeDefined();
    expect(lookups()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Not them' }));
    await user.click(screen.getByRole('button', { name: 'Remove match' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the Slack match of Dana Scully?' });
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove match' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(`${contactPath}/slack`));
    await waitFor(() => expect(getToastMessage()?.message).toBe('Dana Scully is no longer matched in Slack.'));
  });

  it('offers no lookup for a person without an email', async () => {
    serve(connected);
    renderMatch({ ...dana, email: null });
    expect(await screen.findByText('No email address: add one to find them in Slack.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Find in Slack' })).toBeNull();
  });

  it('offers nothing to change to a reader', async () => {
    serve(connected);
    renderMatch({ ...dana, slackUserId: 'U0DANA', slackUserName: 'dana' }, false);
    expect(await screen.findByText('@dana')).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('points a member who may connect Slack to Settings → Slack when it is not connected', async () => {
    serve({ ...connected, connection: null });
    renderMatch();
    expect(await screen.findByRole('link', { name: 'Connect Slack in Settings' })).toHaveAttribute(
      'href',
      '/workspaces/settings?tab=slack',
    );
    expect(screen.queryByRole('button', { name: 'Find in Slack' })).toBeNull();
  });

  it('only says Slack is not connected to a member who may not connect it', async () => {
    serve({ ...connected, connection: null, canConnect: false });
    renderMatch();
    expect(await screen.findByText('Slack is not connected to this workspace.')).toBeDefined();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
