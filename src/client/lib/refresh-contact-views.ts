import { queryClient } from './query-client';

/**
 * Marks every contacts read stale (lists, counts, stats, details, companies), the deals (they carry
 * contact names and go with a deleted contact; imports create them) and the activity feed,
 * after anything that creates or updates contacts: edits, imports, email capture, phone sync.
 * An import job's own status is not a contacts view and is left alone.
 */
export function refreshContactViews(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0]);
      if (key.startsWith('/api/contacts/import-status')) return false;
      return (
        key.startsWith('/api/contacts') ||
        key.startsWith('/api/deals') ||
        key === '/api/activities' ||
        key === '/api/companies'
      );
    },
  });
}
