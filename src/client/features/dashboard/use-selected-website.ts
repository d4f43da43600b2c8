import { useWebsites } from '@client/features/websites';
import { useAuth } from '@client/lib/use-auth';
import type { Website } from '@domain/websites/website-schemas';

/**
 * The sidebar's website, from the dashboard's `?site=`: only a website of this workspace counts as
 * selected (a stale or edited id selects nothing). The shell and the dashboard's panels read the same one.
 */
export function useSelectedWebsite(siteId: number | null): Website | null {
  const { user } = useAuth();
  const websites = useWebsites({ enabled: Boolean(user) });
  return websites.data?.find((site) => site.id === siteId) ?? null;
}
