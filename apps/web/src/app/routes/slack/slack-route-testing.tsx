import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { renderWithTheme } from '@/lib/testing/render';

/** Stands in for Settings: shows its query string (e.g. "?tab=slack") so a test sees where it landed. */
function SettingsPlaceholder() {
  const location = useLocation();
  return <p>Settings page {location.search}</p>;
}

/**
 * For the /slack/auth and /slack/oauth/callback page tests: renders `element` at `entry` (which
 * `path` matches) as the browser reaches it, after Settings → Slack, under StrictMode (its effects
 * run twice on mount, yet each call must be made once) with a QueryClient that never retries.
 * @returns the memory router (its history) and the QueryClient.
 */
export function renderAfterSlackSettings(path: string, element: ReactElement, entry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/workspaces/settings', element: <SettingsPlaceholder /> },
    ],
    { initialEntries: ['/workspaces/settings?tab=slack', entry], initialIndex: 1 },
  );
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { reactStrictMode: true },
  );
  return { router, queryClient };
}
