import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { dealStageLabels } from '@domain/deals/deal-schemas';
import { countFormat, formatMoney, formatMonth, stageAccents } from './deal-format';
import { useDealStats } from './deals-api';

/** Spec 000 §2.6's stages; lost deals are counted by the conversion rate instead. */
const pipelineStages = ['leads', 'qualified', 'proposal', 'negotiation', 'won'] as const;

/** Sales Pipeline side card: deals and value per stage, and the forecast of the next two months. */
export function PipelineCard() {
  const { data: stats, isLoading, isError } = useDealStats();
  const stages = stats?.stages.filter((s) => (pipelineStages as readonly string[]).includes(s.stage)) ?? [];
  const total = stages.reduce((n, s) => n + s.count, 0);
  return (
    <Card data-testid="pipeline-card">
      <CardHeader>
        <CardTitle>Sales Pipeline</CardTitle>
        <CardDescription>Deals and their value by stage</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="space-y-4">
            {pipelineStages.map((s) => (
              <Skeleton key={s} className="h-10" />
            ))}
          </div>
        ) : isError || !stats ? (
          <p className="text-sm text-destructive">The pipeline could not be loaded.</p>
        ) : total === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            Your pipeline fills as you add deals.
          </p>
        ) : (
          <div className="space-y-5">
            <ul className="space-y-4">
              {stages.map((stage) => (
                <li key={stage.stage} data-testid={`pipeline-${stage.stage}`}>
                  <div className="mb-1.5 flex items-baseline justify-between gap-2 text-sm">
                    <span className="font-medium">{dealStageLabels[stage.stage]}</span>
                    <span className="text-muted-foreground">
                      {countFormat.format(stage.count)} · {formatMoney(stage.valueCents)}
                    </span>
                  </div>
                  <Progress
                    value={(stage.count / total) * 100}
                    className={stageAccents[stage.stage].bar}
                    aria-label={dealStageLabels[stage.stage]}
                  />
                </li>
              ))}
            </ul>
            <div className="rounded-md border bg-muted/40 p-3" data-testid="pipeline-forecast">
              <div className="flex items-baseline justify-between gap-2">
                <span className="text-sm font-medium">Forecast</span>
                <span className="text-lg font-semibold">{formatMoney(stats.forecast.valueCents)}</span>
              </div>
              <p className="text-xs text-muted-foreground">
                Value × win probability of the deals expected to close in {formatMonth(stats.forecast.from)}{' '}
                and {formatMonth(stats.forecast.to)}.
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
