import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import type { SettingsSectionProps } from '@client/features/settings';
import { formatDollars } from '@domain/pricing/money';
import { Link } from 'wouter';
import { useSubscription } from './payments-api';
import { PaymentsTable } from './payments-table';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const limitText = (value: number | null, unit: string) =>
  value === null ? `Unlimited ${unit}` : `${value.toLocaleString('en-US')} ${unit}`;

/** Settings 'Plan & billing': plan, add-ons, seats, trial end and renewal, limits, and the payments made. */
export function BillingSection({ canManage }: SettingsSectionProps) {
  const { data: sub, isLoading, isError } = useSubscription();
  if (isLoading) return <Skeleton className="h-40" />;
  if (isError || !sub) return <p className="text-sm text-destructive">Your plan could not be loaded.</p>;
  const isTrial = sub.subscriptionStatus === 'trialing';
  const monthly = sub.planPriceCents + sub.addons.reduce((s, a) => s + a.priceCents, 0);
  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-3">
        <div className="rounded-xl border p-4">
          <p className="text-sm text-muted-foreground">Plan</p>
          <p className="mt-1 flex items-center gap-2 text-lg font-semibold">
            {sub.planName}
            <Badge variant={isTrial ? 'secondary' : 'success'}>
              {isTrial ? 'Trial' : sub.subscriptionStatus}
            </Badge>
          </p>
          <p className="text-sm text-muted-foreground" data-testid="billing-monthly">
            {formatDollars(monthly)}/month{sub.addons.length > 0 ? ' with add-ons' : ''}
          </p>
        </div>
        <div className="rounded-xl border p-4">
          <p className="text-sm text-muted-foreground">{isTrial ? 'Trial ends' : 'Renews'}</p>
          <p className="mt-1 text-lg font-semibold" data-testid="billing-date">
            {isTrial
              ? sub.trialEndsAt
                ? dateFormat.format(new Date(sub.trialEndsAt))
                : '—'
              : sub.renewsAt
                ? dateFormat.format(new Date(sub.renewsAt))
                : '—'}
          </p>
          <p className="text-sm text-muted-foreground">
            {sub.seats} {sub.seats === 1 ? 'seat' : 'seats'}
          </p>
        </div>
        <div className="rounded-xl border p-4">
          <p className="text-sm text-muted-foreground">Plan limits</p>
          <ul className="mt-1 space-y-0.5 text-sm">
            <li>{limitText(sub.limits.contacts, 'contacts')}</li>
            <li>{limitText(sub.limits.users, 'users')}</li>
            <li>
              {sub.limits.storageGb === null ? 'Unlimited storage' : `${sub.limits.storageGb} GB storage`}
            </li>
          </ul>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Add-ons:</span>
        {sub.addons.length ? (
          sub.addons.map((a) => (
            <Badge key={a.id} variant="outline">
              {a.name} · {formatDollars(a.priceCents)}/mo
            </Badge>
          ))
        ) : (
          <span>none</span>
        )}
        {canManage && (
          <Button asChild size="sm" variant="outline" className="ml-auto">
            <Link href="/dashboard?tab=pricing">Change plan</Link>
          </Button>
        )}
      </div>
      <div>
        <h4 className="mb-2 text-sm font-semibold">Payments</h4>
        <PaymentsTable />
      </div>
    </div>
  );
}
