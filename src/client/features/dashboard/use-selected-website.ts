import { useWebsites } from '@client/features/websites';
import { useAuth } from '@client/lib/use-auth';

/**
 * The sidebar's website, from the dashboard's `?site=`: only a website of this workspace counts as
 * selected (a stale or edited id selects nothing). The shell and the dashboard's panels read the same one.
 */
export function useSelectedWebsiteId(siteId: number | null): number | null {
  const { user } = useAuth();
  const websites = useWebsites({ enabled: Boolean(user) });
  return websites.data?.some((site) => site.id === siteId) ? siteId : null;
}
