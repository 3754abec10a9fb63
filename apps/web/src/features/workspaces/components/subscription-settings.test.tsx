import type { AiStatus, Subscription } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { renderWithTheme } from '@/lib/testing/render';
import { SubscriptionSettings } from './subscription-settings';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn(), post: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = '00000000-0000-4000-8000-000000000002';
const subscription: Subscription = {
  workspaceId,
  subscriptionType: 'FREE',
  status: 'ACTIVE',
  currentPeriodEnd: null,
  limits: { members: 3, aiGenerationsPerMonth: 20, activeQuestionRequests: 5, slack: false },
  usage: { members: 1, aiGenerationsThisMonth: 4, activeQuestionRequests: 0 },
};

function renderSettings(ai: AiStatus) {
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path === `v1/workspaces/${workspaceId}/subscription`) return subscription as never;
    if (path === `v1/workspaces/${workspaceId}/ai`) return ai as never;
    throw new Error(`Unexpected GET ${path}`);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <SubscriptionSettings workspaceId={workspaceId} canChangePlan={false} />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('SubscriptionSettings: the AI assistant (issue #11)', () => {
  it('names the built-in assistant and the UTC day the count resets', async () => {
    renderSettings({ provider: 'BUILT_IN', model: null, usage: { used: 4, limit: 20, resetsAt: '2026-12-01T00:00:00.000Z' } });
    expect(await screen.findByText('Built-in assistant (offline)')).toBeInTheDocument();
    expect(screen.getByText(/starts again on December 1, 2026 \(UTC\)/)).toBeInTheDocument();
    expect(screen.getByText('AI generations this month')).toBeInTheDocument();
  });

  it('names the configured model', async () => {
    renderSettings({ provider: 'MODEL', model: 'llama-3.1-8b', usage: { used: 0, limit: null, resetsAt: '2027-01-01T00:00:00.000Z' } });
    expect(await screen.findByText('llama-3.1-8b')).toBeInTheDocument();
    expect(screen.getByText(/starts again on January 1, 2027 \(UTC\)/)).toBeInTheDocument();
  });
});
