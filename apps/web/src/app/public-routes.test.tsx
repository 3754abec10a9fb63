import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithTheme } from '@/lib/testing/render';
import { publicLayoutRoute } from './router';

/** A public page as a feature will add one to `publicRoutes`: its loader asks the public API. */
function renderPublicPage(loader: () => unknown) {
  const page: RouteObject = { path: '/b/:id', loader, Component: () => <h1>Board brief</h1> };
  const router = createMemoryRouter([{ hydrateFallbackElement: <p>Loading…</p>, children: [{ ...publicLayoutRoute, children: [page] }] }], {
    initialEntries: ['/b/abc'],
  });
  return renderWithTheme(<RouterProvider router={router} />);
}

const robotsMeta = () => document.head.querySelector('meta[name="robots"]');

describe('public routes: the layout route later features append to (router.tsx publicRoutes)', () => {
  it('renders a public page route inside the shell', async () => {
    renderPublicPage(() => null);
    expect(await screen.findByRole('heading', { name: 'Board brief' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Tandem');
    expect(robotsMeta()).toHaveAttribute('content', 'noindex');
  });

  it('shows "This link is no longer active" in the shell when the public API answers 410', async () => {
    renderPublicPage(() => {
      throw new ApiError({ status: 410, errorCode: 'LINK_INACTIVE', errorDisplayMessage: 'Gone', errorData: null, payload: undefined });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is no longer active' })).toBeInTheDocument();
    expect(screen.getByText(/ask them to send you a new one/)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Tandem');
    expect(robotsMeta()).toHaveAttribute('content', 'noindex');
  });

  it('shows the app error page for other errors of a public page', async () => {
    renderPublicPage(() => {
      throw new ApiError({ status: 404, errorCode: 'NOT_FOUND', errorDisplayMessage: null, errorData: null, payload: undefined });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
