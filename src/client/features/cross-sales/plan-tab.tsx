import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatNumber } from '@client/i18n/format';
import { onErrorToast } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useAdvancePlanItem, usePlan } from './cross-sales-api';
import { dollars } from './dollars';
import { PlanDetailsCard } from './plan-details-card';

/** The Priority Plan tab: the plan's progress and items; the selected one opens its details. */
export function PlanTab() {
  const { t } = useLingui();
  const { user } = useAuth();
  const canWrite = user !== null && hasRole(user.role, 'admin');
  const query = usePlan();
  const advance = useAdvancePlanItem();
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <QueryState
      query={query}
      loading={<Skeleton className="h-32" />}
      errorTitle={<Trans>This could not be loaded.</Trans>}
    >
      {({ items, progress }) => {
        const item = items.find((i) => i.id === selected) ?? null;
        return (
          <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
            <div className="space-y-3">
              <div className="space-y-1">
                <div className="flex justify-between text-sm">
                  <span>
                    <Trans>Plan progress</Trans>
                  </span>
                  <span>{formatNumber(progress / 100, { style: 'percent' })}</span>
                </div>
                <Progress value={progress} aria-label={t`Plan progress`} />
              </div>
              {items.length === 0 && (
                <p className="text-sm text-muted-foreground">
                  <Trans>No plan items yet.</Trans>
                </p>
              )}
              {items.map((i) => (
                <button
                  key={i.id}
                  type="button"
                  onClick={() => setSelected(i.id)}
                  aria-pressed={i.id === selected}
                  className="w-full rounded-lg border p-4 text-start hover:bg-accent"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{i.title}</span>
                    <Badge variant={i.priority === 'CRITICAL' ? 'destructive' : 'secondary'}>
                      {i.priority}
                    </Badge>
                    <Badge variant="outline">{i.status}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {i.sourceApp} → {i.targetApp} · {dollars(i.revenue)} · {i.timeline} · {i.difficulty}
                  </p>
                </button>
              ))}
            </div>
            {item && (
              <PlanDetailsCard
                item={item}
                canWrite={canWrite}
                pending={advance.isPending}
                onAdvance={() =>
                  advance.mutate(item.id, {
                    onError: onErrorToast(t`Update Failed`),
                  })
                }
                onClose={() => setSelected(null)}
              />
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
