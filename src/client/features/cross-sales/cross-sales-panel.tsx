import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { Trans } from '@lingui/react/macro';
import { AnalyticsTab } from './analytics-tab';
import { BacklinksTab } from './backlinks-tab';
import { MatrixTab } from './matrix-tab';
import { OpportunitiesTab } from './opportunities-tab';
import { PlanTab } from './plan-tab';

/** The Cross-sales dashboard tab: the priority plan, opportunities, backlinks, matrix and analytics. */
export function CrossSalesPanel() {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">
          <Trans>Cross-Sales</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Which of your contacts fit another of your apps, and the plan to offer it to them.</Trans>
        </p>
      </div>
      <Tabs defaultValue="plan">
        <TabsList className="flex h-auto flex-wrap">
          <TabsTrigger value="plan">
            <Trans>Priority Plan</Trans>
          </TabsTrigger>
          <TabsTrigger value="opportunities">
            <Trans>Opportunities</Trans>
          </TabsTrigger>
          <TabsTrigger value="backlinks">
            <Trans>Backlinks</Trans>
          </TabsTrigger>
          <TabsTrigger value="matrix">
            <Trans>Sales Matrix</Trans>
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <Trans>Analytics</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="plan">
          <PlanTab />
        </TabsContent>
        <TabsContent value="opportunities">
          <OpportunitiesTab />
        </TabsContent>
        <TabsContent value="backlinks">
          <BacklinksTab />
        </TabsContent>
        <TabsContent value="matrix">
          <MatrixTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
