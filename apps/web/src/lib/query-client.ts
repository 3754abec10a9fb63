import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiError } from './api-error';
import { showErrorToast } from './toast-store';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    /** `errorToast: false` when the screen shows the error itself (e.g. on form fields). */
    mutationMeta: { errorToast?: boolean | ((error: ApiError) => boolean) };
    queryMeta: { errorToast?: boolean };
  }
}

/**
 * The app's TanStack Query client. Failed calls show an error toast (seed §8) unless the
 * mutation's meta opts out; failed queries with 401 do not (the session handling signs out).
 * Queries are not retried by the client either: the API client applies seed §7's retry rule.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.errorToast === false) return;
      if (isApiError(error) && error.status === 401) return;
      showErrorToast(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      const rule = mutation.meta?.errorToast;
      const shouldShow = typeof rule === 'function' ? rule(error) : rule !== false;
      if (shouldShow) showErrorToast(error);
    },
  }),
});
