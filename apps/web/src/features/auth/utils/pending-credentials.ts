/**
 * The email and password just typed on /register or /auth/login, kept in memory only (never in
 * storage) so the activation step can sign in automatically right after activating.
 */
let pending: { loginIdentifier: string; password: string } | null = null;

/** Remembers the credentials until read or the page reloads. */
export function rememberCredentials(loginIdentifier: string, password: string): void {
  pending = { loginIdentifier, password };
}

/** The remembered credentials for `loginIdentifier`, or null. */
export function getRememberedCredentials(loginIdentifier: string): { loginIdentifier: string; password: string } | null {
  return pending && pending.loginIdentifier === loginIdentifier.trim().toLowerCase() ? pending : null;
}

/** Forgets the remembered credentials. */
export function forgetCredentials(): void {
  pending = null;
}
