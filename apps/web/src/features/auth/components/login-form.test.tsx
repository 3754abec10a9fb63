import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderWithTheme } from '@/lib/testing/render';
import { LoginForm } from './login-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The login form on /auth/login, with the app's query client. */
function renderLoginForm() {
  const router = createMemoryRouter(
    [
      { path: '/auth/login', element: <LoginForm /> },
      { path: '/register', element: <h1>Register</h1> },
    ],
    { initialEntries: ['/auth/login'] },
  );
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password', { selector: 'input' });
const signIn = () => screen.getByRole('button', { name: 'Sign in' });

describe('LoginForm (PRODUCT §3: email + password; the sign-in checks of the contract)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('checks the fields on submit, shows why, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    renderLoginForm();
    await user.click(signIn());
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(email()).toHaveFocus();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('Enter a valid email address.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks a field again as it changes once the form was submitted', async () => {
    const user = userEvent.setup();
    renderLoginForm();
    await user.type(password(), 'orchard lantern');
    await user.click(signIn());
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    await user.type(email(), 'ada@');
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    await user.type(email(), 'example.com');
    expect(screen.queryByText('Enter a valid email address.')).not.toBeInTheDocument();
  });

  it('sends the trimmed, lower-cased email and the password as typed', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json(401, { errorCode: 'INVALID_CREDENTIALS', errorDisplayMessage: 'Wrong email or password.' }));
    renderLoginForm();
    await user.type(email(), '  Ada@Example.COM ');
    await user.type(password(), ' orchard lantern ');
    await user.click(signIn());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/auth/password');
    expect(JSON.parse(init.body as string)).toMatchObject({
      loginIdentifier: 'ada@example.com',
      password: ' orchard lantern ',
      grant_type: 'password',
    });
    await waitFor(() => expect(signIn()).toBeEnabled());
  });

  it("puts the server's field messages on the fields and focuses the first", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json(400, { errorCode: 'VALIDATION_ERROR', errorData: { password: 'That password is too long.' } }));
    renderLoginForm();
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'x');
    await user.click(signIn());
    expect(await screen.findByText('That password is too long.')).toBeInTheDocument();
    expect(password()).toHaveFocus();
  });

  it('offers the activation step to an account that is not activated yet', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json(403, { errorCode: 'ACCOUNT_NOT_ACTIVATED', errorDisplayMessage: 'Activate your account first.' }));
    const router = renderLoginForm();
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'orchard lantern velvet');
    await user.click(signIn());
    expect(await screen.findByText('Account not activated')).toBeInTheDocument();
    expect(screen.getByText('Activate your account first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enter activation code' }));
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.search).toContain('step=activate');
  });
});
