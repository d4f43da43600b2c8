import { QueryState } from '@client/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import type { DealStats } from '@domain/deals/deal-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { dealStageNames, formatCount, formatMoney, formatMonth, stageAccents } from './deal-format';
import { useDealStats } from './deals-api';

/** Spec 000 §2.6's stages; lost deals are counted by the conversion rate instead. */
const pipelineStages = ['leads', 'qualified', 'proposal', 'negotiation', 'won'] as const;

/**
 * Sales Pipeline side card: deals and value per stage, and the forecast of the next two months, of every
 * website or of the one chosen in the sidebar.
 */
export function PipelineCard({ websiteId = null }: { websiteId?: number | null }) {
  const statsQuery = useDealStats(websiteId);
  const { i18n } = useLingui();
  return (
    <Card data-testid="pipeline-card">
      <CardHeader>
        <CardTitle>
          <Trans>Sales Pipeline</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Deals and their value by stage</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={statsQuery}
          loading={
            <div className="space-y-4">
              {pipelineStages.map((s) => (
                <Skeleton key={s} className="h-10" />
              ))}
            </div>
          }
          errorTitle={<Trans>The pipeline could not be loaded.</Trans>}
          isEmpty={(stats) => pipelineOf(stats).total === 0}
          empty={
            <p className="py-6 text-center text-sm text-muted-foreground">
              <Trans>Your pipeline fills as you add deals.</Trans>
            </p>
          }
        >
          {(stats) => {
            const { stages, total } = pipelineOf(stats);
            return (
              <div className="space-y-5">
                <ul className="space-y-4">
                  {stages.map((stage) => (
                    <li key={stage.stage} data-testid={`pipeline-${stage.stage}`}>
                      <div className="mb-1.5 flex items-baseline justify-between gap-2 text-sm">
                        <span className="font-medium">{i18n._(dealStageNames[stage.stage])}</span>
                        <span className="text-muted-foreground">
                          {formatCount(stage.count)} · {formatMoney(stage.valueCents)}
                        </span>
                      </div>
                      <Progress
                        value={(stage.count / total) * 100}
                        className={stageAccents[stage.stage].bar}
                        aria-label={i18n._(dealStageNames[stage.stage])}
                      />
                    </li>
                  ))}
                </ul>
                <div className="rounded-md border bg-muted/40 p-3" data-testid="pipeline-forecast">
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="text-sm font-medium">
                      <Trans>Forecast</Trans>
                    </span>
                    <span className="text-lg font-semibold">{formatMoney(stats.forecast.valueCents)}</span>
                  </div>
                  <ForecastNote from={stats.forecast.from} to={stats.forecast.to} />
                </div>
              </div>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** The board's stages the card shows, and how many deals they hold. */
function pipelineOf(stats: DealStats) {
  const stages = stats.stages.filter((s) => (pipelineStages as readonly string[]).includes(s.stage));
  return { stages, total: stages.reduce((n, s) => n + s.count, 0) };
}

function ForecastNote({ from, to }: { from: string; to: string }) {
  const firstMonth = formatMonth(from);
  const secondMonth = formatMonth(to);
  return (
    <p className="text-xs text-muted-foreground">
      <Trans>
        Value × win probability of the deals expected to close in {firstMonth} and {secondMonth}.
      </Trans>
    </p>
  );
}
