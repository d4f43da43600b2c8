import { QueryState } from '@client/components/query-state';
import { StatusBadge } from '@client/components/status-badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatNumber } from '@client/i18n/format';
import { toastError } from '@client/lib/error-toast';
import type { Delivery } from '@domain/webhooks/webhook-schemas';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useDeliveries, useReplayDelivery } from './webhooks-api';

const deliveryStatusLabels: Record<Delivery['status'], ReturnType<typeof msg>> = {
  pending: msg`pending`,
  sending: msg`sending`,
  succeeded: msg`succeeded`,
  failed: msg`failed`,
};

/** An endpoint's latest five deliveries, each with its replay. */
export function EndpointDeliveries({ endpointId }: { endpointId: number }) {
  const { t, i18n } = useLingui();
  const deliveries = useDeliveries(endpointId);
  const replay = useReplayDelivery();
  return (
    <QueryState
      query={deliveries}
      loading={<Skeleton className="h-4" />}
      isEmpty={(list) => list.length === 0}
      empty={
        <p className="text-xs text-muted-foreground">
          <Trans>No deliveries yet</Trans>
        </p>
      }
      errorClassName="text-xs"
    >
      {(list) => (
        <ul className="space-y-1 text-xs">
          {list.slice(0, 5).map((d) => {
            const last = d.log.at(-1);
            return (
              <li key={d.id} className="flex flex-wrap items-center gap-2">
                <StatusBadge
                  tone={d.status === 'succeeded' ? 'ok' : d.status === 'failed' ? 'bad' : 'neutral'}
                >
                  {i18n._(deliveryStatusLabels[d.status])}
                </StatusBadge>
                <span>{d.eventType}</span>
                <span className="text-muted-foreground">
                  <Trans>
                    <Plural value={d.attempts} one="# attempt" other="# attempts" /> ·{' '}
                    {last?.statusCode ?? '—'} · {formatNumber(last?.durationMs ?? 0)} ms
                  </Trans>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  className="ms-auto h-6"
                  disabled={replay.isPending}
                  onClick={() =>
                    replay.mutate(d.id, {
                      onError: (error) => toastError(t`Error`, error),
                    })
                  }
                >
                  <Trans>Replay</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}
