import type { SessionState } from '@/lib/session/session-store';
import type * as SessionStore from '@/lib/session/session-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { renderWithTheme } from '@/lib/testing/render';
import { makeRecipient, makeRequest, uuid } from '@/features/questions/testing/make-request';
import { Component as DetailRoute } from './detail';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), post: vi.fn(), patch: vi.fn() }, apiRequest: vi.fn() }));

const get = vi.mocked(api.get);
const dana = { id: uuid(301), firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', company: 'Acme' };

function renderDetail(type: 'EXECUTIVEASSISTANT' | 'USER' = 'EXECUTIVEASSISTANT') {
  session.current = {
    workspace: { id: 'w1', name: 'Acme' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: type } as SessionState['workspaceMember'],
  };
  const router = createMemoryRouter([{ path: '/questions/:id', element: <DetailRoute /> }], { initialEntries: [`/questions/${uuid(1)}`] });
  renderWithTheme(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('/questions/{id} (issue #10)', { timeout: 20_000 }, () => {
  it('continues a DRAFT in the composer, its people loaded by id', async () => {
    get.mockImplementation((path) =>
      Promise.resolve(path.includes('/contacts/') ? dana : makeRequest({ status: 'DRAFT', contactIds: [dana.id], title: 'Board prep' })),
    );
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Draft request' })).toBeDefined();
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Board prep');
    expect(screen.getByRole('button', { name: 'Dana Reyes' })).toBeDefined();
    expect(get).toHaveBeenCalledWith(`v1/workspaces/w1/contacts/${dana.id}`);
  });

  it('shows a SENT request with its people', async () => {
    get.mockResolvedValue(makeRequest({ recipients: [makeRecipient(1)] }));
    renderDetail('USER');
    expect(await screen.findByRole('heading', { name: 'Board prep', level: 1 })).toBeDefined();
    expect(screen.getByRole('list', { name: 'People asked' })).toBeDefined();
  });

  it('says when the request is gone', async () => {
    get.mockRejectedValue(
      new ApiError({ status: 404, errorCode: 'NOT_FOUND', errorDisplayMessage: 'Not found.', errorData: null, payload: null }),
    );
    renderDetail();
    expect(await screen.findByText('Request not found')).toBeDefined();
  });
});
