import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * Spec 000 §7 defaults: never stale, no refetch on focus, no polling, no retries. Offline, a read is still
 * asked once (the service worker may have kept it) and a write still runs, to be refused with a message:
 * TanStack's default would pause both and send a paused write later, unseen.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      networkMode: 'offlineFirst',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
