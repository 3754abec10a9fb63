import { screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import type * as SessionStore from '@/lib/session/session-store';
import type { SessionState } from '@/lib/session/session-store';
import { renderWithTheme } from '@/lib/testing/render';
import { Component as HubRoute } from './hub';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn(), post: vi.fn(), delete: vi.fn() }, apiRequest: vi.fn() }));

function renderHub(type: 'EXECUTIVEASSISTANT' | 'USER') {
  session.current = {
    workspace: { id: 'w1', name: 'Acme office' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: type } as SessionState['workspaceMember'],
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/questions', element: <HubRoute /> }], { initialEntries: ['/questions'] });
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.get).mockResolvedValue({ items: [], nextCursor: null });
});

describe('/questions hub: AI entry points (issue #11)', () => {
  it('offers an editor “Generate questions with AI” and the summaries, with “New summary”', async () => {
    renderHub('EXECUTIVEASSISTANT');
    expect(screen.getByRole('link', { name: 'Generate questions with AI' })).toHaveAttribute('href', '/questions/generate');
    const summaries = screen.getByRole('region', { name: 'Summaries' });
    expect(summaries).toContainElement(screen.getByRole('link', { name: 'Open summaries' }));
    expect(screen.getByRole('link', { name: 'Open summaries' })).toHaveAttribute('href', '/questions/summaries');
    expect(screen.getByRole('link', { name: 'New summary' })).toHaveAttribute('href', '/questions/summaries/new');
    expect(await screen.findByText('No one owes answers right now.')).toBeInTheDocument();
  });

  it('shows a USER the summaries to read, and nothing to generate or create', async () => {
    renderHub('USER');
    expect(screen.getByRole('link', { name: 'Open summaries' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Generate questions with AI' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New summary' })).toBeNull();
    expect(await screen.findByText('No one owes answers right now.')).toBeInTheDocument();
  });
});
