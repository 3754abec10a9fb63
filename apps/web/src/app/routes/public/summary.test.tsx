import type { PublicSummary } from '@tandem/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderWithTheme } from '@/lib/testing/render';
import { publicLayoutRoute } from '../../router';

const PUBLIC_ID = 'a1B2c3D4e5F6g7H8i9J0kL';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const summary: PublicSummary = {
  title: 'Offsite feedback',
  workspaceName: 'Acme',
  publishedAt: '2026-03-11T12:00:00Z',
  answerCount: 3,
  keyPoints: [{ text: 'Most want May. <script>alert(1)</script>', citedBy: ['Dana Reyes', 'A respondent'] }],
  perQuestion: [
    {
      prompt: 'Move the offsite?',
      kind: 'YES_NO',
      asked: 4,
      answered: 3,
      counts: [
        { label: 'Yes', count: 2 },
        { label: 'No', count: 1 },
      ],
      average: null,
      synthesis: 'Two of three want to move it.',
      dissent: [{ text: 'Keep April.', by: 'Sam Reyes' }],
    },
    {
      prompt: 'How ready are you?',
      kind: 'SCALE_1_5',
      asked: 4,
      answered: 3,
      counts: [{ label: '4', count: 3 }],
      average: 4,
      synthesis: '',
      dissent: [],
    },
  ],
  quotes: [{ text: 'May please', by: 'A respondent' }],
  actionItems: [{ text: 'Book the venue for May' }],
};

function renderPublicSummary() {
  const router = createMemoryRouter([{ hydrateFallbackElement: <p>Loading…</p>, children: [publicLayoutRoute] }], {
    initialEntries: [`/s/${PUBLIC_ID}`],
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

describe('/s/{id}: the public summary page (issue #11)', () => {
  it('shows key points with who said them, spreads, dissent, quotes and action items as plain text', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { payload: summary }));
    renderPublicSummary();
    expect(await screen.findByRole('heading', { level: 1, name: 'Offsite feedback' }, FIRST_RENDER)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(new RegExp(`/v1/public/summaries/${PUBLIC_ID}$`));
    expect(screen.getByText(/Most want May\. <script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(screen.getByText('— Dana Reyes, A respondent')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 said yes')).toBeInTheDocument();
    expect(screen.getByText(/average 4\.00 of 5/)).toBeInTheDocument();
    expect(screen.getByText('“Keep April.” — Sam Reyes')).toBeInTheDocument();
    expect(screen.getByText('“May please”')).toBeInTheDocument();
    expect(screen.getByText('Book the venue for May')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('shows "This link is no longer active" when the API answers 410', async () => {
    fetchMock.mockResolvedValueOnce(json(410, { errorCode: 'GONE', errorDisplayMessage: 'This link is no longer active.' }));
    renderPublicSummary();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is no longer active' }, FIRST_RENDER)).toBeInTheDocument();
  });

  it('shows a calm page after too many attempts (429)', async () => {
    // 429 is not retried for GET (seed §7: idempotent methods are never retried).
    fetchMock.mockResolvedValue(json(429, { errorCode: 'TOO_MANY_REQUESTS', errorDisplayMessage: 'Too many attempts.' }));
    renderPublicSummary();
    expect(await screen.findByRole('heading', { level: 1, name: 'Too many attempts' }, FIRST_RENDER)).toBeInTheDocument();
  });
});
