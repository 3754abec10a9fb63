import type { ClientConfig } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET v1/client-config → {posthogKey, posthogHost, environment}: the browser's allow-list. */
export function getClientConfig(): Promise<ClientConfig> {
  return api.get<ClientConfig>('v1/client-config');
}

/** Query options of {@link getClientConfig}: fetched once per page load, never refetched. */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: ['client-config'],
    queryFn: getClientConfig,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getClientConfig}. */
export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
