import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { QueryState } from '@client/components/query-state';
import type { SettingsSectionProps } from '@client/components/settings-section-props';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatDate, formatMoney } from '@client/i18n/format';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSubscription } from './payments-api';
import { PaymentsTable } from './payments-table';

const longDate = (value: string | null) => (value ? formatDate(value) : '—');

/** Stripe's subscription states, as a customer reads them; an unknown one shows as it comes. */
const statusLabels: Record<string, ReturnType<typeof msg>> = {
  active: msg`active`,
  past_due: msg`past due`,
  canceled: msg`canceled`,
  unpaid: msg`unpaid`,
  incomplete: msg`incomplete`,
};

/** Settings 'Plan & billing': plan, add-ons, seats, trial end and renewal, limits, and the payments made. */
export function BillingSection({ canManage }: SettingsSectionProps) {
  const subscription = useSubscription();
  const sub = subscription.data;
  const { t, i18n } = useLingui();
  if (!sub || subscription.error)
    return (
      <QueryState
        query={subscription}
        loading={<Skeleton className="h-40" />}
        errorTitle={<Trans>Your plan could not be loaded.</Trans>}
      />
    );
  const isTrial = sub.subscriptionStatus === 'trialing';
  const monthly = formatMoney(sub.planPriceCents + sub.addons.reduce((s, a) => s + a.priceCents, 0));
  const status = statusLabels[sub.subscriptionStatus];
  const { contacts, users, storageGb } = sub.limits;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-3">
        <div className="rounded-xl border p-4">
          <p className="text-sm text-muted-foreground">
            <Trans>Plan</Trans>
          </p>
          <p className="mt-1 flex items-center gap-2 text-lg font-semibold">
            {i18n._(sub.planName)}
            <Badge variant={isTrial ? 'secondary' : 'success'}>
              {isTrial ? t`Trial` : status ? i18n._(status) : sub.subscriptionStatus}
            </Badge>
          </p>
          <p className="text-sm text-muted-foreground" data-testid="billing-monthly">
            {sub.addons.length > 0 ? t`${monthly}/month with add-ons` : t`${monthly}/month`}
          </p>
        </div>
        <div className="rounded-xl border p-4">
          <p className="text-sm text-muted-foreground">{isTrial ? t`Trial ends` : t`Renews`}</p>
          <p className="mt-1 text-lg font-semibold" data-testid="billing-date">
            {longDate(isTrial ? sub.trialEndsAt : sub.renewsAt)}
          </p>
          <p className="text-sm text-muted-foreground">
            <Plural value={sub.seats} one="# seat" other="# seats" />
          </p>
        </div>
        <div className="rounded-xl border p-4">
          <p className="text-sm text-muted-foreground">
            <Trans>Plan limits</Trans>
          </p>
          <ul className="mt-1 space-y-0.5 text-sm">
            <li>
              {contacts === null ? (
                // The plans' own message (src/domain/pricing/plans.ts), so the catalog holds it once.
                i18n._('Unlimited contacts')
              ) : (
                <Plural value={contacts} one="# contact" other="# contacts" />
              )}
            </li>
            <li>
              {users === null ? (
                <Trans>Unlimited users</Trans>
              ) : (
                <Plural value={users} one="# user" other="# users" />
              )}
            </li>
            <li>
              {storageGb === null ? <Trans>Unlimited storage</Trans> : <Trans>{storageGb} GB storage</Trans>}
            </li>
          </ul>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">
          <Trans>Add-ons:</Trans>
        </span>
        {sub.addons.length ? (
          sub.addons.map((a) => (
            <Badge key={a.id} variant="outline">
              {i18n._(a.name)} · {formatMonthlyPrice(a.priceCents)}
            </Badge>
          ))
        ) : (
          <span>
            <Trans>none</Trans>
          </span>
        )}
        {canManage && (
          <Button asChild size="sm" variant="outline" className="ms-auto">
            <Link href="/dashboard?tab=pricing">
              <Trans>Change plan</Trans>
            </Link>
          </Button>
        )}
      </div>
      <div>
        <h4 className="mb-2 text-sm font-semibold">
          <Trans>Payments</Trans>
        </h4>
        <PaymentsTable />
      </div>
    </div>
  );
}
