import type { QuestionRequest, SlackStatus } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { renderWithTheme } from '@/lib/testing/render';
import { makeRequest, uuid } from '../testing/make-request';
import { emptyDraft, toSaveBody, type ComposerDraft } from '../utils/composer-draft';
import { RequestComposer } from './request-composer';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn(), post: vi.fn(), delete: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = 'w1';
const get = vi.mocked(api.get);
const patch = vi.mocked(api.patch);
const post = vi.mocked(api.post);
const dana = { id: uuid(301), firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', company: 'Acme', slackUserId: 'U0DANA' };
const sam = { id: uuid(302), firstName: 'Sam', lastName: 'Ito', email: 'sam@example.com', company: 'Partner', slackUserId: null };
const ari = { id: uuid(303), firstName: 'Ari', lastName: 'Cole', email: null, company: '', slackUserId: null };

const status = (isConnected: boolean): SlackStatus => ({
  configured: true,
  missingSettings: [],
  planAllows: true,
  canConnect: true,
  connection: isConnected
    ? { teamId: 'T1', teamName: 'Acme', botUserId: 'UBOT', scopes: [], installedBy: null, installedAt: '2026-03-01T12:00:00.000Z' }
    : null,
  disconnectedReason: null,
  redirectUrl: 'https://tandem.test/slack/oauth/callback',
  eventsUrl: 'https://tandem.test/api/slack/events',
});

function serve(isConnected: boolean) {
  get.mockImplementation((path: string) =>
    Promise.resolve(path === `v1/workspaces/${workspaceId}/slack` ? status(isConnected) : { items: [dana, sam, ari], nextCursor: null }),
  );
}

const saved = (version: number): QuestionRequest => {
  const { recipients: _r, answers: _a, ...request } = makeRequest({ status: 'DRAFT', version, channel: 'SLACK' });
  return request;
};

const ready = (overrides: Partial<ComposerDraft> = {}): ComposerDraft => ({
  ...emptyDraft('UTC'),
  title: 'Board prep',
  items: [{ key: 'a', prompt: 'How is Q3?', kind: 'OPEN_TEXT', options: [], required: true }],
  recipients: [dana, sam],
  ...overrides,
});

function renderComposer(draft: ComposerDraft, isSaved = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const initialSaved = isSaved ? { requestId: uuid(1), version: 3, savedJson: JSON.stringify(toSaveBody(draft)) } : null;
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RequestComposer workspaceId={workspaceId} initialDraft={draft} initialSaved={initialSaved} onCreated={vi.fn()} onSent={vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const channelGroup = () => screen.getByRole('radiogroup', { name: 'How people get their link' });
const personRow = (name: string) => within(screen.getByRole('list', { name: 'How each person is asked' })).getByRole('listitem', { name });

beforeEach(() => vi.clearAllMocks());

// The waits are signals (the status query answering, the autosave's PATCH), not sleeps.
describe('RequestComposer channels (issue #12: Slack where possible, per person)', { timeout: 20_000 }, () => {
  it('offers no Slack while Slack is not connected', async () => {
    serve(false);
    renderComposer(ready());
    await waitFor(() => expect(get).toHaveBeenCalledWith(`v1/workspaces/${workspaceId}/slack`));
    expect(
      within(channelGroup())
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['EMAIL', 'LINK']);
    expect(within(channelGroup()).getByRole('radio', { name: 'Email' })).toBeChecked();
    expect(within(personRow('Dana Reyes')).queryByRole('button', { name: 'Slack' })).toBeNull();
    expect(within(personRow('Dana Reyes')).getByRole('button', { name: 'Email' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('makes “Slack where possible” the default of a new request once Slack is connected: Slack for matched people, email for the others', async () => {
    serve(true);
    renderComposer(ready({ recipients: [dana, sam, ari] }));
    const slackWherePossible = await within(channelGroup()).findByRole('radio', { name: 'Slack where possible' });
    await waitFor(() => expect(slackWherePossible).toBeChecked());
    expect(within(personRow('Dana Reyes')).getByRole('button', { name: 'Slack' })).toHaveAttribute('aria-pressed', 'true');
    const samRow = personRow('Sam Ito');
    expect(within(samRow).getByRole('button', { name: 'Email' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(samRow).getByRole('button', { name: 'Slack' })).toBeDisabled();
    expect(within(samRow).getByText('sam@example.com · Not matched in Slack')).toBeDefined();
    // No email and no Slack match: only a copied link can reach them.
    expect(within(personRow('Ari Cole')).getByRole('button', { name: 'Email' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(personRow('Ari Cole')).getByRole('button', { name: 'Slack' })).toBeDisabled();
  });

  it('keeps the channel of a saved draft', async () => {
    serve(true);
    renderComposer(ready({ channel: 'EMAIL' }), true);
    await within(channelGroup()).findByRole('radio', { name: 'Slack where possible' });
    expect(within(channelGroup()).getByRole('radio', { name: 'Email' })).toBeChecked();
    expect(within(personRow('Dana Reyes')).getByRole('button', { name: 'Email' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches one person’s channel and saves it as recipientChannels; back to the default drops it', async () => {
    const user = userEvent.setup();
    serve(true);
    patch.mockResolvedValueOnce(saved(4)).mockResolvedValueOnce(saved(5));
    renderComposer(ready({ channel: 'SLACK' }), true);
    const danaRow = personRow('Dana Reyes');
    await waitFor(() => expect(within(danaRow).getByRole('button', { name: 'Slack' })).toHaveAttribute('aria-pressed', 'true'));
    await user.click(within(danaRow).getByRole('button', { name: 'Link' }));
    expect(within(danaRow).getByText('dana@example.com · Chosen for this person')).toBeDefined();
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(
        `v1/workspaces/${workspaceId}/question-requests/${uuid(1)}`,
        expect.objectContaining({ channel: 'SLACK', recipientChannels: { [dana.id]: 'LINK' }, version: 3 }),
      ),
    );
    await user.click(within(danaRow).getByRole('button', { name: 'Slack' }));
    await waitFor(() =>
      expect(patch).toHaveBeenLastCalledWith(expect.any(String), expect.objectContaining({ recipientChannels: {}, version: 4 })),
    );
  });

  it('refuses to send someone by email without an address, naming them', async () => {
    const user = userEvent.setup();
    serve(true);
    renderComposer(ready({ channel: 'SLACK', recipients: [dana, ari] }), true);
    await within(channelGroup()).findByRole('radio', { name: 'Slack where possible' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/^Before sending:/)).toHaveTextContent(
      'Ari Cole has no email address: add one, or send by copying links.',
    );
    expect(post).not.toHaveBeenCalled();
  });
});
