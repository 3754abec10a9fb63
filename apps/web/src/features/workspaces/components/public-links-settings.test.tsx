import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderWithTheme } from '@/lib/testing/render';
import { PublicLinksSettings } from './public-links-settings';

const WORKSPACE_ID = '00000000-0000-4000-8000-000000000002';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSettings(canChange: boolean) {
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <PublicLinksSettings workspaceId={WORKSPACE_ID} canChange={canChange} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('PublicLinksSettings (issue #9: a workspace setting turns all public links off at once)', () => {
  it('lets an owner turn public links off with PUT {enabled: false}', async () => {
    const user = userEvent.setup();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(200, { payload: { enabled: true } }))
      .mockResolvedValueOnce(json(200, { payload: { enabled: false } }));
    vi.stubGlobal('fetch', fetchMock);
    renderSettings(true);
    const toggle = await screen.findByRole('switch', { name: 'Allow public links' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/^On: share links of briefs open/);
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toHaveAccessibleDescription(/^Off: every share link of this workspace shows "This link is no longer active"/);
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toMatch(new RegExp(`/v1/workspaces/${WORKSPACE_ID}/public-links$`));
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ enabled: false });
  });

  it('shows the state, read-only, to members who may not change it', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json(200, { payload: { enabled: false } })));
    renderSettings(false);
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.getByText(/^Off: every share link of this workspace/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText('Only an owner or the executive can turn public links on or off.')).toBeInTheDocument();
  });
});
