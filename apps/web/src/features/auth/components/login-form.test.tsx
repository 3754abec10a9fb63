import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderWithTheme } from '@/lib/testing/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { PasswordlessForm } from './passwordless-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A sign-in screen's form at `path`, with the app's query client. */
function renderLoginForm(path = '/auth/login', form = <LoginForm />) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element: form },
      { path: '/register', element: <h1>Register</h1> },
      { path: '/auth/verify', element: <h1>Enter the code</h1> },
    ],
    { initialEntries: [path] },
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

/** A fetch stub for the tests of one describe block; the query cache is cleared after each test. */
function useFetchMock(): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });
  return fetchMock;
}

describe('LoginForm (PRODUCT §3: email + password; react-hook-form with the contract SignInFormSchema)', () => {
  const fetchMock = useFetchMock();

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

  it("keeps a server's message on its field until the field changes, then checks the field again", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json(400, { errorCode: 'VALIDATION_ERROR', errorData: { loginIdentifier: 'No account uses that address.' } }),
    );
    renderLoginForm();
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'orchard lantern');
    await user.click(signIn());
    expect(await screen.findByText('No account uses that address.')).toBeInTheDocument();
    expect(email()).toHaveFocus();
    await user.type(password(), 'x');
    expect(screen.getByText('No account uses that address.')).toBeInTheDocument();
    await user.clear(email());
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.queryByText('No account uses that address.')).not.toBeInTheDocument();
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

describe.each([
  {
    screen: 'PasswordlessForm',
    path: '/auth/passwordless',
    form: <PasswordlessForm />,
    button: 'Send code',
    url: '/api/auth/passwordless',
  },
  {
    screen: 'ForgotPasswordForm',
    path: '/auth/forgot-password',
    form: <ForgotPasswordForm />,
    button: 'Send reset link',
    url: '/api/auth/password/forgot',
  },
])('$screen (the email-only sign-in forms: EmailFormSchema)', ({ path, form, button, url }) => {
  const fetchMock = useFetchMock();
  const send = () => screen.getByRole('button', { name: button });

  it('checks the email on submit and as it changes, focuses it, and sends nothing until it is valid', async () => {
    const user = userEvent.setup();
    renderLoginForm(path, form);
    await user.type(email(), 'ada');
    await user.click(send());
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(email()).toHaveFocus();
    expect(email()).toHaveAccessibleDescription('Enter a valid email address.');
    await user.type(email(), '@example.com');
    await waitFor(() => expect(screen.queryByText('Enter a valid email address.')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the trimmed, lower-cased email and puts the server's field message on the field", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json(400, { errorCode: 'VALIDATION_ERROR', errorData: { loginIdentifier: 'That email address is too long.' } }),
    );
    renderLoginForm(path, form);
    await user.type(email(), ' Ada@Example.COM ');
    await user.click(send());
    expect(await screen.findByText('That email address is too long.')).toBeInTheDocument();
    expect(email()).toHaveFocus();
    const [requestUrl, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(requestUrl).toBe(url);
    expect(JSON.parse(init.body as string)).toMatchObject({ loginIdentifier: 'ada@example.com' });
  });
});

describe('sign-in errors and hand-offs in the form (issue #8)', () => {
  const fetchMock = useFetchMock();

  it("shows a refused sign-in's server message in an alert inside the form, not in a toast", async () => {
    const user = userEvent.setup();
    const toasts = await import('@/lib/toast-store');
    const before = toasts.getToastMessage();
    fetchMock.mockResolvedValue(
      json(401, { errorCode: 'INVALID_CREDENTIALS', errorDisplayMessage: 'The email or password is incorrect.' }),
    );
    renderLoginForm();
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'orchard lantern');
    await user.click(signIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    expect(toasts.getToastMessage()).toBe(before);
  });

  it('fills in the email of ?email= and says the account was just activated', async () => {
    renderLoginForm('/auth/login?email=ada%40example.com&activated=1');
    expect(await screen.findByText('Account activated — sign in')).toBeInTheDocument();
    expect(email()).toHaveValue('ada@example.com');
    await waitFor(() => expect(password()).toHaveFocus());
  });

  it('fills in the email of the invitation link on the code sign-in', async () => {
    renderLoginForm('/auth/passwordless?email=jamie%40example.com', <PasswordlessForm />);
    expect(await screen.findByLabelText('Email')).toHaveValue('jamie@example.com');
  });

  it('says a locked account is locked and until when, in the form, and does not go on to the code step', async () => {
    const user = userEvent.setup();
    // A new answer per call: the client retries a 429 once.
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ errorCode: 'ACCOUNT_LOCKED', errorDisplayMessage: 'This account is locked after too many failed sign-ins.' }),
          { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '900' } },
        ),
      ),
    );
    const router = renderLoginForm('/auth/passwordless', <PasswordlessForm />);
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Account locked until \d{1,2}:\d{2}/);
    expect(alert).toHaveTextContent('This account is locked after too many failed sign-ins.');
    expect(router.state.location.pathname).toBe('/auth/passwordless');
  });
});
