import type { DashboardPanelProps } from '@client/features/dashboard';
import { Trans } from '@lingui/react/macro';
import { SeoPerformanceCard } from './seo-performance-card';

/** The dashboard's Content & SEO tab (spec 000 §2.5); its first card is SEO Performance. */
export function ContentPanel({ selectedWebsiteId }: DashboardPanelProps) {
  return (
    <div className="space-y-6" data-panel="content">
      <h2 className="text-2xl font-bold tracking-tight">
        <Trans>Content & SEO</Trans>
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <SeoPerformanceCard selectedWebsiteId={selectedWebsiteId} />
      </div>
    </div>
  );
}
