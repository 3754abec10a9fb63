import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderWithTheme } from '@/lib/testing/render';
import { publicLayoutRoute } from '../../router';

const LINK_ID = 'a1B2c3D4e5F6g7H8i9J0kL';
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const brief = {
  title: 'Board meeting, Q1',
  meetingAt: '2026-03-12T18:00:00Z',
  meetingTimeZone: 'America/New_York',
  sections: [
    { heading: 'Purpose', body: 'Approve the **budget**.' },
    { heading: 'Risks', body: '<img src=x onerror="alert(1)"> [click](javascript:alert(1))' },
    { heading: 'Pre-reads', body: '' },
  ],
  authorFirstName: 'Avery',
  updatedAt: '2026-03-05T12:00:00Z',
};

/** /b/{id} in the app's real public route tree, with the app's query client. */
function renderPublicBrief() {
  const router = createMemoryRouter([{ hydrateFallbackElement: <p>Loading…</p>, children: [publicLayoutRoute] }], {
    initialEntries: [`/b/${LINK_ID}`],
  });
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** The first render loads the lazy layout and page modules: slow on a busy machine. */
const FIRST_RENDER = { timeout: 5_000 };

const calledUrl = (call: number) => String(fetchMock.mock.calls[call]?.[0]);

describe('/b/{id}: the public brief page (issue #9)', () => {
  it('shows the meeting header and the sections, markdown rendered inert', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { payload: brief }));
    renderPublicBrief();
    expect(await screen.findByRole('heading', { level: 1, name: 'Board meeting, Q1' }, FIRST_RENDER)).toBeInTheDocument();
    expect(calledUrl(0)).toMatch(new RegExp(`/v1/public/briefs/${LINK_ID}$`));
    expect(screen.getByText(/Thursday, March 12, 2026 · 2:00 PM/)).toBeInTheDocument();
    expect(screen.getByText('(Eastern Daylight Time)')).toBeInTheDocument();
    expect(screen.getByText('Avery')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Purpose', 'Risks', 'Pre-reads']);
    expect(await screen.findByText('budget')).toHaveProperty('tagName', 'STRONG');
    const risks = screen.getByRole('region', { name: 'Risks' });
    expect(risks.querySelector('img')).toBeNull();
    expect(within(risks).queryByRole('link')).toBeNull();
    expect(within(risks).getByText('click')).toBeInTheDocument();
    expect(screen.getByText('Nothing written here yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('shows "This link is no longer active" when the API answers 410', async () => {
    fetchMock.mockResolvedValueOnce(json(410, { errorCode: 'GONE', errorDisplayMessage: 'This link is no longer active.' }));
    renderPublicBrief();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is no longer active' }, FIRST_RENDER)).toBeInTheDocument();
  });

  it('shows "Page Not Found" for an unknown or malformed link id', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { errorCode: 'VALIDATION_FAILED', errorDisplayMessage: 'id: too short' }));
    renderPublicBrief();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByText('id: too short')).toBeNull();
  });

  it('asks for the passcode of a protected link: wrong, then throttled with the wait, then right', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(json(401, { errorCode: 'PASSCODE_REQUIRED', errorDisplayMessage: 'Enter the passcode.' }))
      .mockResolvedValueOnce(json(401, { errorCode: 'PASSCODE_INVALID', errorDisplayMessage: 'Wrong passcode.' }));
    renderPublicBrief();
    expect(await screen.findByRole('heading', { level: 1, name: 'This brief is protected' }, FIRST_RENDER)).toBeInTheDocument();
    const passcode = screen.getByLabelText('Passcode');
    expect(passcode).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Open brief' }));
    expect(await screen.findByText('Enter the passcode.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.type(passcode, 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Open brief' }));
    expect(await screen.findByText(/That passcode isn't right/)).toBeInTheDocument();
    expect(passcode).toHaveFocus();
    expect(calledUrl(1)).toMatch(new RegExp(`/v1/public/briefs/${LINK_ID}/unlock$`));
    expect(JSON.parse(String((fetchMock.mock.calls[1]?.[1] as RequestInit).body))).toEqual({ passcode: 'wrong-one' });

    // 429 is retried once by the API client (seed §7), then shown with the wait.
    const locked = () => json(429, { errorCode: 'TOO_MANY_REQUESTS', errorDisplayMessage: 'Too many attempts.' }, { 'retry-after': '840' });
    fetchMock.mockResolvedValueOnce(locked()).mockResolvedValueOnce(locked());
    await user.click(screen.getByRole('button', { name: 'Open brief' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong passcodes. Try again in 14 minutes.');

    fetchMock.mockResolvedValueOnce(json(200, { payload: brief }));
    await user.clear(passcode);
    await user.type(passcode, 'orchard42');
    await user.click(screen.getByRole('button', { name: 'Open brief' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Board meeting, Q1' })).toBeInTheDocument();
  });

  it('shows "no longer active" when the link stops working while the passcode is asked', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(json(401, { errorCode: 'PASSCODE_REQUIRED', errorDisplayMessage: 'Enter the passcode.' }))
      .mockResolvedValueOnce(json(410, { errorCode: 'GONE', errorDisplayMessage: 'Gone.' }));
    renderPublicBrief();
    await user.type(await screen.findByLabelText('Passcode', {}, FIRST_RENDER), 'orchard42');
    await user.click(screen.getByRole('button', { name: 'Open brief' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'This link is no longer active' })).toBeInTheDocument());
  });
});
