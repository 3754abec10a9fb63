/**
 * Local storage of the session: exactly these keys and nothing else (seed §3, PRODUCT §5).
 * Reads and writes never throw (storage can be disabled); a missing value is null.
 */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userId: 'userId',
  /** The current member's workspaceMemberType. */
  accountType: 'accountType',
  /** The current workspace id. */
  currentOrganization: 'currentOrganization',
} as const;

export type StorageKey = keyof typeof storageKeys;

/** The stored value of `key`, or null. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(storageKeys[key]);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; null removes it. */
export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(storageKeys[key]);
    else window.localStorage.setItem(storageKeys[key], value);
  } catch {
    // Storage disabled: the session lasts as long as the page.
  }
}

/** Stores the tokens of a token response (seed §4: login success). */
export function storeTokens(tokens: { accessToken: string; refreshToken: string; userId?: string }): void {
  writeStorage('accessToken', tokens.accessToken);
  writeStorage('refreshToken', tokens.refreshToken);
  if (tokens.userId) writeStorage('userId', tokens.userId);
}

/** Clears ALL local storage (seed §4: logout clears all local storage). */
export function clearStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Nothing stored.
  }
}
