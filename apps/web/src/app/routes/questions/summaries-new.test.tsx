import type { SessionState } from '@/lib/session/session-store';
import type * as SessionStore from '@/lib/session/session-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { postGeneration } from '@/lib/generation-stream';
import { renderWithTheme } from '@/lib/testing/render';
import { makeSummary, uuid } from '@/features/summaries/testing/make-summary';
import { Component as SummariesNewRoute } from './summaries-new';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn() }, apiRequest: vi.fn() }));
vi.mock('@/lib/generation-stream', () => ({ postGeneration: vi.fn() }));

const get = vi.mocked(api.get);
const generate = vi.mocked(postGeneration);
const progress = { total: 4, PENDING: 1, OPENED: 0, PARTIAL: 0, ANSWERED: 3 };
const listed = (n: number, title: string, confidential = false) => ({ id: uuid(n), title, status: 'SENT', progress, confidential });

function renderStep1(url = '/questions/summaries/new') {
  session.current = {
    workspace: { id: 'w1', name: 'Acme' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: 'EXECUTIVEASSISTANT' } as SessionState['workspaceMember'],
  };
  const router = createMemoryRouter(
    [
      { path: '/questions/summaries/new', element: <SummariesNewRoute /> },
      { path: '/questions/summaries/step2', element: <p>Step 2</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithTheme(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.clearAllMocks();
  get.mockImplementation((path) => {
    if (path.endsWith('/question-requests'))
      return Promise.resolve({ items: [listed(1, 'Offsite'), listed(2, 'Salaries', true)], nextCursor: null });
    return Promise.resolve({ items: [], nextCursor: null });
  });
});

describe('/questions/summaries/new (issue #11 step 1)', { timeout: 20_000 }, () => {
  it('checks the title and the scope before generating anything', async () => {
    const user = userEvent.setup();
    renderStep1();
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Give the summary a title.')).toBeDefined();
    expect(screen.getByText('Choose at least one request or person.')).toBeDefined();
    expect(generate).not.toHaveBeenCalled();
  });

  it('shows a confidential request disabled with the reason', async () => {
    renderStep1();
    const salaries = await screen.findByRole('checkbox', { name: /Salaries/ });
    await waitFor(() => expect(salaries).toBeDisabled());
    expect(screen.getByText('Confidential: never sent to an AI assistant')).toBeDefined();
    expect(screen.getByRole('checkbox', { name: /Offsite · 3 of 4 answered/ })).not.toBeDisabled();
  });

  it('generates the scope (preselected by ?requestId=) as a stream and opens step 2', async () => {
    const user = userEvent.setup();
    generate.mockResolvedValue(makeSummary());
    const router = renderStep1(`/questions/summaries/new?requestId=${uuid(1)}`);
    expect(await screen.findByRole('checkbox', { name: /Offsite/ })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Offsite feedback');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${uuid(900)}`));
    expect(router.state.location.pathname).toBe('/questions/summaries/step2');
    expect(generate).toHaveBeenCalledWith(
      'v1/workspaces/w1/summaries/generate',
      { title: 'Offsite feedback', scope: { requestIds: [uuid(1)], contactIds: [], from: null, to: null } },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('puts the server’s field errors on the fields and a plan limit with a link to the subscription', async () => {
    const user = userEvent.setup();
    generate.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        errorCode: 'VALIDATION',
        errorDisplayMessage: 'Check the fields.',
        errorData: { scope: 'No answer matches this scope.' },
        payload: null,
      }),
    );
    renderStep1(`/questions/summaries/new?requestId=${uuid(1)}`);
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Offsite');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('No answer matches this scope.')).toBeDefined();

    generate.mockRejectedValueOnce(
      new ApiError({
        status: 402,
        errorCode: 'PLAN_LIMIT',
        errorDisplayMessage: 'This month’s 20 AI generations are used.',
        errorData: null,
        payload: null,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/This month’s 20 AI generations are used./)).toBeDefined();
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/workspaces/settings?tab=subscription');
  });

  it('drops a confidential request preselected by ?requestId=', async () => {
    const user = userEvent.setup();
    renderStep1(`/questions/summaries/new?requestId=${uuid(2)}`);
    const salaries = await screen.findByRole('checkbox', { name: /Salaries/ });
    await waitFor(() => expect(salaries).toBeDisabled());
    expect(salaries).not.toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Pay');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Choose at least one request or person.')).toBeDefined();
    expect(generate).not.toHaveBeenCalled();
  });
});
