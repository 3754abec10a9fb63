import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShareLink } from '@tandem/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderWithTheme } from '@/lib/testing/render';
import { getToastMessage } from '@/lib/toast-store';
import { ShareDialog } from './share-dialog';

const WORKSPACE_ID = '00000000-0000-4000-8000-000000000002';
const BRIEF_ID = '00000000-0000-4000-8000-0000000000b1';
const base = `/v1/workspaces/${WORKSPACE_ID}`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const makeLink = (overrides: Partial<ShareLink>): ShareLink => ({
  id: 'a1B2c3D4e5F6g7H8i9J0kL',
  label: 'For the board chair',
  expiresAt: null,
  hasPasscode: false,
  revokedAt: null,
  isActive: true,
  viewCount: 0,
  lastViewedAt: null,
  createdBy: null,
  createdAt: minutesAgo(60),
  ...overrides,
});

type Handler = (init: RequestInit) => Response;
/** A fetch stub answering "METHOD path" (path after /api) from `routes`; anything else fails the test. */
function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn((input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://localhost').pathname.replace(/^\/api/, '');
    const handler = routes[`${init.method ?? 'GET'} ${path}`];
    if (!handler) throw new Error(`unexpected ${init.method ?? 'GET'} ${path}`);
    return Promise.resolve(handler(init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog({ canManagePublicLinks = true } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <ShareDialog
            open
            onClose={() => undefined}
            workspaceId={WORKSPACE_ID}
            brief={{ id: BRIEF_ID, title: 'Board prep', meetingAt: '2099-03-12T14:00:00Z' }}
            canManagePublicLinks={canManagePublicLinks}
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('ShareDialog (issue #9: links, labels, expiry, passcode, copy, revoke, views)', () => {
  it("lists the brief's links with state, expiry, passcode and views, and shows one link's access log", async () => {
    const user = userEvent.setup();
    stubApi({
      [`GET ${base}/public-links`]: () => json(200, { payload: { enabled: true } }),
      [`GET ${base}/briefs/${BRIEF_ID}/share-links`]: () =>
        json(200, {
          payload: {
            items: [
              makeLink({ hasPasscode: true, viewCount: 3, lastViewedAt: minutesAgo(10) }),
              makeLink({ id: 'zzzzzzzzzzzzzzzzzzzzz1', label: '', revokedAt: minutesAgo(5), isActive: false }),
            ],
          },
        }),
      [`GET ${base}/briefs/${BRIEF_ID}/share-links/a1B2c3D4e5F6g7H8i9J0kL/views`]: () =>
        json(200, {
          payload: { items: [{ at: minutesAgo(10), ipPrefix: '203.0.113.0/24', userAgentFamily: 'Safari' }], nextCursor: null },
        }),
    });
    renderDialog();
    const active = await screen.findByRole('listitem', { name: 'For the board chair' });
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('Never expires · Passcode required')).toBeInTheDocument();
    expect(within(active).getByText('Opened 3 times, last 10 minutes ago')).toBeInTheDocument();
    expect(within(active).getByRole('textbox', { name: 'Link address for For the board chair' })).toHaveValue(
      `${window.location.origin}/b/a1B2c3D4e5F6g7H8i9J0kL`,
    );
    const revoked = screen.getByRole('listitem', { name: 'Link without a label' });
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).toBeNull();

    await user.click(within(active).getByRole('button', { name: 'Show views' }));
    expect(await within(active).findByText(/203\.0\.113\.0\/24 · Safari/)).toBeInTheDocument();
  });

  it('creates a link with a label, no expiry and a passcode; the new link comes first with Copy focused', async () => {
    const user = userEvent.setup();
    const created = makeLink({ id: 'nEwLiNk000000000000000', label: 'For the CFO', hasPasscode: true });
    let items: ShareLink[] = [];
    const fetchMock = stubApi({
      [`GET ${base}/public-links`]: () => json(200, { payload: { enabled: true } }),
      [`GET ${base}/briefs/${BRIEF_ID}/share-links`]: () => json(200, { payload: { items } }),
      [`POST ${base}/briefs/${BRIEF_ID}/share-links`]: () => {
        items = [created];
        return json(201, { payload: created });
      },
    });
    renderDialog();
    expect(await screen.findByText('No links yet. Create one above to share this brief.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Expires 7 days after the meeting (Mar 19)' })).toBeChecked();

    await user.type(screen.getByLabelText('Passcode (optional)'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('A passcode needs at least 6 characters.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Label (optional)'), 'For the CFO');
    await user.type(screen.getByLabelText('Passcode (optional)'), '6');
    await user.click(screen.getByRole('radio', { name: 'Never' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const row = await screen.findByRole('listitem', { name: 'For the CFO' });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ label: 'For the CFO', expiresAt: null, passcode: '123456' });
    expect(within(row).getByRole('button', { name: 'Copy link' })).toHaveFocus();
    expect(screen.getByLabelText('Label (optional)')).toHaveValue('');

    await user.click(within(row).getByRole('button', { name: 'Copy link' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/b/nEwLiNk000000000000000`);
    expect(getToastMessage()).toMatchObject({ message: 'Link copied.', type: 'success' });
  });

  it('revokes in one click: the row then reads Revoked', async () => {
    const user = userEvent.setup();
    const link = makeLink({});
    stubApi({
      [`GET ${base}/public-links`]: () => json(200, { payload: { enabled: true } }),
      [`GET ${base}/briefs/${BRIEF_ID}/share-links`]: () => json(200, { payload: { items: [link] } }),
      [`POST ${base}/briefs/${BRIEF_ID}/share-links/${link.id}/revoke`]: () =>
        json(200, { payload: { ...link, revokedAt: new Date().toISOString(), isActive: false } }),
    });
    renderDialog();
    const row = await screen.findByRole('listitem', { name: 'For the board chair' });
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(await within(row).findByText('Revoked')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Copy link' })).toBeNull();
  });

  it('says when the workspace turned public links off, and makes no link', async () => {
    stubApi({
      [`GET ${base}/public-links`]: () => json(200, { payload: { enabled: false } }),
      [`GET ${base}/briefs/${BRIEF_ID}/share-links`]: () => json(200, { payload: { items: [makeLink({ isActive: false })] } }),
    });
    renderDialog({ canManagePublicLinks: false });
    expect(await screen.findByText(/Public links are turned off for this workspace/)).toHaveTextContent(
      'Only an owner or the executive can turn public links on or off.',
    );
    expect(screen.getByRole('button', { name: 'Create link' })).toBeDisabled();
    expect(within(await screen.findByRole('listitem', { name: 'For the board chair' })).getByText('Links off')).toBeInTheDocument();
  });
});
