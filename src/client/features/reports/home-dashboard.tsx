import { Skeleton } from '@client/components/ui/skeleton';
import type { ReactNode } from 'react';
import { useDashboard, useDashboardHome } from './dashboards-api';
import { DashboardTiles } from './dashboards-page';

/**
 * The dashboard tab's figures: the member's own dashboard where they chose one ("Show on my home"), the
 * spec's four stat cards (`cards`) otherwise, and whenever the chosen one cannot be read.
 */
export function HomeDashboard({
  cards,
  canChoose,
  websiteId,
}: {
  cards: ReactNode;
  canChoose: boolean;
  /** The website chosen in the sidebar narrows the dashboard as it narrows the cards. */
  websiteId: number | null;
}) {
  const home = useDashboardHome(canChoose);
  const id = home.data?.dashboardId ?? null;
  const dashboard = useDashboard(id);
  if (!canChoose || home.isError || (home.data && id === null) || dashboard.isError) return cards;
  if (!dashboard.data) return <Skeleton className="h-32" />;
  return (
    <section aria-labelledby="home-dashboard" className="space-y-3">
      <h2 id="home-dashboard" className="text-lg font-semibold">
        {dashboard.data.name}
      </h2>
      <DashboardTiles dashboard={dashboard.data} filter={websiteId === null ? {} : { websiteId }} />
    </section>
  );
}
