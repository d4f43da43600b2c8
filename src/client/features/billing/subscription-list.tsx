import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { formatDate, formatMoney } from '@client/i18n/format';
import { toastError } from '@client/lib/error-toast';
import type { WorkspaceSubscription } from '@domain/billing/subscription-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useCancelAtPeriodEnd, useSubscriptions } from './billing-api';

/** Stripe's subscription states, as a customer reads them. */
const statusLabels: Record<WorkspaceSubscription['status'], MessageDescriptor> = {
  trialing: msg`Trial`,
  active: msg`Active`,
  past_due: msg`Past due`,
  canceled: msg`Ended`,
  unpaid: msg`Unpaid`,
  incomplete: msg`Incomplete`,
};

const kindLabels: Record<WorkspaceSubscription['kind'], MessageDescriptor> = {
  platform: msg`Platform plan`,
  reoss: msg`REOSS membership`,
  local_business: msg`Local business listing`,
};

/** Running and paid for: it can be cancelled at its period's end, or kept again. */
const isRunning = (s: WorkspaceSubscription) => s.status === 'active' || s.status === 'past_due';

/** When it renews, ends or ended; null when there is no date to tell. */
function renewalLine(subscription: WorkspaceSubscription): ReactNode {
  const { trialEndsAt, currentPeriodEnd } = subscription;
  if (subscription.status === 'trialing') {
    const date = trialEndsAt ? formatDate(trialEndsAt) : null;
    return date && <Trans>Trial ends {date}</Trans>;
  }
  if (!currentPeriodEnd) return null;
  const date = formatDate(currentPeriodEnd);
  if (subscription.status === 'canceled') return <Trans>Ended {date}</Trans>;
  if (subscription.cancelAtPeriodEnd) return <Trans>Ends {date}, not renewed</Trans>;
  return <Trans>Renews {date}</Trans>;
}

/** Seats of the plan or the membership; a listing has none. */
function seatsLine(subscription: WorkspaceSubscription): ReactNode {
  if (subscription.kind === 'local_business') return null;
  if (subscription.seats === null) return <Trans>Unlimited seats</Trans>;
  return <Plural value={subscription.seats} one="# seat" other="# seats" />;
}

function CancelAction({ subscription }: { subscription: WorkspaceSubscription }) {
  const cancel = useCancelAtPeriodEnd();
  const { t } = useLingui();
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : '';
  if (subscription.cancelAtPeriodEnd) {
    return (
      <Button
        size="sm"
        variant="outline"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(
            { id: subscription.id, cancelAtPeriodEnd: false },
            {
              onSuccess: () => toast({ title: t`It renews again on ${end}.` }),
              onError: (error) => toastError(t`The subscription could not be kept.`, error),
            },
          )
        }
      >
        <Trans>Keep subscription</Trans>
      </Button>
    );
  }
  return (
    <ConfirmDeleteDialog
      trigger={
        <Button size="sm" variant="outline">
          <Trans>Cancel at period end</Trans>
        </Button>
      }
      title={<Trans>Cancel at the end of this period?</Trans>}
      description={
        <Trans>
          It stays active until {end} and is not renewed after that. You can keep it again until then.
        </Trans>
      }
      confirmLabel={<Trans>Cancel at period end</Trans>}
      onConfirm={() => cancel.mutateAsync({ id: subscription.id, cancelAtPeriodEnd: true })}
      errorTitle={t`The subscription could not be cancelled.`}
      onDone={() => toast({ title: t`It ends on ${end} and will not renew.` })}
    />
  );
}

/**
 * Each subscription on its own card: the platform plan, and beside it any REOSS membership or local
 * listing, with its own price, seats and renewal. `canManage` (the owner) adds cancel at period end.
 */
export function SubscriptionList({ canManage }: { canManage: boolean }) {
  const subscriptions = useSubscriptions();
  const { t, i18n } = useLingui();
  if (!subscriptions.data || subscriptions.error)
    return (
      <QueryState
        query={subscriptions}
        loading={<Skeleton className="h-32" />}
        errorTitle={<Trans>Your subscriptions could not be loaded.</Trans>}
      />
    );
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t`Subscriptions`}>
      {subscriptions.data.map((s) => {
        const amount = formatMoney(s.priceCents);
        const credit = formatMoney(s.creditCents);
        const seats = seatsLine(s);
        const renewal = renewalLine(s);
        return (
          <li
            key={s.id}
            data-testid="subscription"
            data-kind={s.kind}
            className="flex flex-col gap-3 rounded-xl border bg-card p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  {i18n._(kindLabels[s.kind])}
                </p>
                <h4 className="text-lg font-semibold">{i18n._(s.planName)}</h4>
              </div>
              <Badge variant={s.status === 'active' && !s.cancelAtPeriodEnd ? 'success' : 'secondary'}>
                {s.status === 'active' && s.cancelAtPeriodEnd ? t`Ending` : i18n._(statusLabels[s.status])}
              </Badge>
            </div>
            <p className="text-2xl font-bold tracking-tight" data-testid="subscription-price">
              {s.interval === 'year' ? t`${amount}/year` : t`${amount}/month`}
            </p>
            <ul className="space-y-0.5 text-sm text-muted-foreground">
              {seats && <li>{seats}</li>}
              {renewal && <li data-testid="subscription-renewal">{renewal}</li>}
              {s.addons.map((a) => (
                <li key={a.id}>
                  {i18n._(a.name)} · {t`${formatMoney(a.priceCents)}/month`}
                </li>
              ))}
              {s.creditCents > 0 && <li>{t`${credit} credit toward the next charge`}</li>}
            </ul>
            {canManage && isRunning(s) && (
              <div className="mt-auto">
                <CancelAction subscription={s} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
