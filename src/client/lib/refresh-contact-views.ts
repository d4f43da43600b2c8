import { queryClient } from './query-client';

/**
 * Marks every contacts read stale (lists, counts, stats, details, companies) plus the activity feed,
 * for features whose background work creates or updates contacts (email capture, phone sync).
 */
export function refreshContactViews() {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0]);
      return key.startsWith('/api/contacts') || key === '/api/activities' || key === '/api/companies';
    },
  });
}
