import { StatusBadge } from '@client/components/status-badge';
import { Badge } from '@client/components/ui/badge';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import type { EndpointHealth, WebhookEndpointWithHealth } from '@domain/webhooks/webhook-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

/** Below this share of successes an endpoint reads as failing; at 100% as healthy. */
const troubledRate = 0.9;

/** An endpoint's delivery health over its window: success rate, p95 latency, backlog and last failure. */
export function EndpointHealthFigures({ health }: { health: EndpointHealth }) {
  const { t } = useLingui();
  const finished = health.succeeded + health.failed;
  const rate = health.successRate;
  const failure = health.lastFailure;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      <dt className="text-muted-foreground">
        <Trans>Success rate ({health.windowDays} days)</Trans>
      </dt>
      <dd className="flex flex-wrap items-center gap-2">
        {rate === null ? (
          t`None finished yet`
        ) : (
          <>
            <StatusBadge tone={rate === 1 ? 'ok' : rate < troubledRate ? 'bad' : 'busy'}>
              {formatNumber(rate, { style: 'percent', maximumFractionDigits: 1 })}
            </StatusBadge>
            <span className="text-muted-foreground">
              <Trans>
                {formatNumber(health.succeeded)} of {formatNumber(finished)}
              </Trans>
            </span>
          </>
        )}
      </dd>
      <dt className="text-muted-foreground">
        <Trans>p95 latency</Trans>
      </dt>
      <dd>{health.p95LatencyMs === null ? '—' : `${formatNumber(health.p95LatencyMs)} ms`}</dd>
      <dt className="text-muted-foreground">
        <Trans>Backlog</Trans>
      </dt>
      <dd>{formatNumber(health.backlog)}</dd>
      <dt className="text-muted-foreground">
        <Trans>Last failure</Trans>
      </dt>
      <dd className="min-w-0">
        {failure ? (
          <span className="break-words">
            {formatDateTime(failure.at)} · {failure.statusCode ?? t`no answer`}
            {failure.excerpt && <> · {failure.excerpt.slice(0, 120)}</>}
          </span>
        ) : (
          t`None`
        )}
      </dd>
    </dl>
  );
}

/** One endpoint: its URL, state, app or company, the event types it receives and its health. */
export function EndpointSummary({
  endpoint,
  show,
}: {
  endpoint: WebhookEndpointWithHealth;
  /** The company screen names the app; the webhooks screen names the company. */
  show: 'app' | 'company';
}) {
  return (
    <div className="space-y-1">
      <p className="break-all font-mono text-xs">
        {endpoint.url}{' '}
        {endpoint.disabled && (
          <Badge variant="destructive">
            <Trans>disabled</Trans>
          </Badge>
        )}
      </p>
      <p className="text-xs text-muted-foreground">
        {show === 'app' ? (
          <Trans>App: {endpoint.appName}</Trans>
        ) : endpoint.companyId !== null ? (
          <Trans>
            Account:{' '}
            <Link className="underline" href={`/companies?id=${endpoint.companyId}`}>
              {endpoint.companyName}
            </Link>
          </Trans>
        ) : (
          <Trans>Not linked to a company</Trans>
        )}
        {' · '}
        {endpoint.events.length > 0 ? endpoint.events.join(', ') : <Trans>No event types</Trans>}
        {endpoint.ordered && (
          <>
            {' · '}
            <Trans>in order per record</Trans>
          </>
        )}
      </p>
      <EndpointHealthFigures health={endpoint.health} />
    </div>
  );
}
