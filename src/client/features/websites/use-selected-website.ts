import { useAuth } from '@client/lib/use-auth';
import type { Website } from '@domain/websites/website-schemas';
import { useSearch } from 'wouter';
import { useWebsites } from './websites-api';

/**
 * The sidebar's website, from `?site=` (the dashboard's, and the operations screens' with per-site data):
 * only a website of this workspace counts as selected (a stale or edited id selects nothing). The shell,
 * the dashboard's panels and those screens read the same one.
 */
export function useSelectedWebsite(siteId: number | null): Website | null {
  const { user } = useAuth();
  const websites = useWebsites({ enabled: Boolean(user) });
  return websites.data?.find((site) => site.id === siteId) ?? null;
}

/** The website id `?site=` names, or null. */
export function siteIdOf(search: string): number | null {
  const site = Number(new URLSearchParams(search).get('site'));
  return Number.isSafeInteger(site) && site > 0 ? site : null;
}

/** The selected website of a screen outside the dashboard, from its own URL. */
export function useSelectedWebsiteInUrl(): Website | null {
  return useSelectedWebsite(siteIdOf(useSearch()));
}
