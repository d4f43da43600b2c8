import { Progress } from '@client/components/ui/progress';
import { formatNumber } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import type { CollectionRun } from '@domain/data-collection/data-collection-schemas';
import { useLingui } from '@lingui/react/macro';

/** A collection run's progress and each endpoint's result. */
export function RunProgress({ run }: { run: CollectionRun }) {
  const { t } = useLingui();
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm">
        <span>{run.app ? t`Collecting from ${run.app.name}` : t`Collecting from all apps`}</span>
        <span aria-live="polite">{formatNumber(run.progress / 100, { style: 'percent' })}</span>
      </div>
      <Progress value={run.progress} aria-label={t`Collection progress`} />
      <ul className="space-y-1 text-xs">
        {run.results.map((r) => (
          <li key={`${r.appName}-${r.endpointName}`} className="flex flex-wrap gap-x-2">
            <span className="font-medium">
              {r.appName} · {r.endpointName}
            </span>
            <span className={r.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
              {r.status === 'failed'
                ? messageRefText(r.reasonMessage, r.reason ?? '')
                : t`${r.fetched} fetched, ${r.created} created, ${r.updated} updated, ${r.failed} failed`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
