import type { TokenPayload } from '@tandem/contract';
import { API_BASE_URL, CLIENT_ID } from '../config/env';
import { ApiError, createApiError } from './api-error';
import { isErrorStatus, needsIdempotencyKey, shouldRetry } from './retry-policy';
import { readStorage, storeTokens } from './token-storage';

/** HTTP methods the client sends. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Options of one API call. */
export interface RequestOptions {
  method?: HttpMethod;
  /** JSON body. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /**
   * True for calls whose 401 means "wrong credentials", not "expired session" (the sign-in calls):
   * they never trigger a token refresh.
   */
  skipAuthRefresh?: boolean;
}

/** What the app does around token refresh (wired in app/provider.tsx; lib never imports features). */
export interface AuthHandlers {
  /** After a successful refresh (seed §4: init runs again). */
  onRefreshed: () => void;
  /** When the refresh fails or is impossible: log out and go to /auth/login (seed §4). */
  onRefreshFailed: () => void;
}

/** The token endpoint: its 401 never triggers a refresh (seed §4). */
export const TOKEN_ENDPOINT = 'auth/token/refresh';

/** Pause before the single retry of a non-idempotent call, in ms. */
const RETRY_DELAY_MS = 400;

let authHandlers: AuthHandlers = { onRefreshed: () => undefined, onRefreshFailed: () => undefined };
let refreshPromise: Promise<boolean> | null = null;

/** Registers the app's reactions to refresh success and failure. */
export function setAuthHandlers(handlers: AuthHandlers): void {
  authHandlers = handlers;
}

/** The URL of an API `path` under the base URL, with `query` (undefined values left out). */
function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE_URL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.append(key, String(value));
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** A response's body: parsed JSON, the text when it is not JSON, undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isAbort = (error: unknown, signal?: AbortSignal) =>
  signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');

/**
 * Sends one call, with the seed §7 retry: idempotent methods never retried; POST/PATCH retried
 * once on 408, 409, 425, 429, 500, 502, 503, 504 with the same Idempotency-Key. Resolves with the
 * body's `payload`; rejects with ApiError (status 0 when the server is unreachable).
 */
async function send<T>(path: string, options: RequestOptions, idempotencyKey: string | undefined): Promise<T> {
  const method = options.method ?? 'GET';
  for (let attempt = 0; ; attempt += 1) {
    const headers: Record<string, string> = { 'X-Client-Id': CLIENT_ID, Accept: 'application/json' };
    const accessToken = readStorage('accessToken');
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let response: Response;
    let body: unknown;
    try {
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      response = await fetch(buildUrl(path, options.query), {
        method,
        headers,
        signal: options.signal,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      body = await readBody(response);
    } catch (error) {
      if (isAbort(error, options.signal)) throw error;
      throw new ApiError({
        status: 0,
        errorCode: 'NETWORK_ERROR',
        errorDisplayMessage: "We couldn't reach Tandem. Check your connection and try again.",
        errorData: null,
        payload: undefined,
      });
    }
    if (isErrorStatus(response.status)) {
      if (attempt === 0 && shouldRetry(method, response.status)) {
        await wait(RETRY_DELAY_MS);
        continue;
      }
      throw await createApiError(response.status, body, response.headers);
    }
    return (body as { payload?: T } | undefined)?.payload as T;
  }
}

/**
 * Refreshes the access token once for all concurrent callers (seed §4: concurrent refreshes share
 * one attempt). Resolves true when new tokens are stored (then init runs again), false when there
 * is no refresh token or the token endpoint refused (then the app logs out).
 */
export function refreshSession(): Promise<boolean> {
  refreshPromise ??= (async () => {
    const refreshToken = readStorage('refreshToken');
    let isRefreshed = false;
    if (refreshToken) {
      try {
        const tokens = await send<TokenPayload>(
          TOKEN_ENDPOINT,
          {
            method: 'POST',
            body: { refresh_token: refreshToken, grant_type: 'refresh_token', client_id: CLIENT_ID },
            skipAuthRefresh: true,
          },
          crypto.randomUUID(),
        );
        storeTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token, userId: tokens.user_id });
        isRefreshed = true;
      } catch {
        isRefreshed = false;
      }
    }
    if (isRefreshed) authHandlers.onRefreshed();
    else authHandlers.onRefreshFailed();
    return isRefreshed;
  })().finally(() => {
    refreshPromise = null;
  });
  return refreshPromise;
}

/**
 * One API call (seed §7, PRODUCT §4): base URL, X-Client-Id, Bearer token when stored, JSON,
 * Idempotency-Key on POST/PATCH. A 401 to a call that carried a token (not the token endpoint, not
 * a sign-in call) refreshes the session once and retries the call once. Resolves with `payload`;
 * rejects with ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const idempotencyKey = needsIdempotencyKey(method) ? crypto.randomUUID() : undefined;
  const sentToken = readStorage('accessToken');
  try {
    return await send<T>(path, options, idempotencyKey);
  } catch (error) {
    const canRefresh =
      error instanceof ApiError && error.status === 401 && sentToken !== null && !options.skipAuthRefresh && path !== TOKEN_ENDPOINT;
    if (!canRefresh) throw error;
    // Another call already refreshed while this one was in flight: just retry with the new token.
    const currentToken = readStorage('accessToken');
    const isRefreshed = currentToken !== null && currentToken !== sentToken ? true : await refreshSession();
    if (!isRefreshed) throw error;
    return send<T>(path, options, idempotencyKey);
  }
}

/** Shorthands over {@link apiRequest}; paths are relative to the base URL ('v1/profile'). */
export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
