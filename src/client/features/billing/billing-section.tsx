import { QueryState } from '@client/components/query-state';
import type { SettingsSectionProps } from '@client/components/settings-section-props';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { PaymentsTable } from '@client/features/payments';
import type { PlatformPlan } from '@domain/billing/subscription-schemas';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSubscription } from './billing-api';
import { SubscriptionList } from './subscription-list';

/** The limits of the workspace: the platform plan's, whatever else it subscribes to. */
function Limits({ limits, canManage }: { limits: PlatformPlan['limits']; canManage: boolean }) {
  const { i18n } = useLingui();
  const { contacts, users, storageGb } = limits;
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-xl border p-4 text-sm">
      <h4 className="font-semibold">
        <Trans>Workspace limits</Trans>
      </h4>
      <span data-testid="limit-contacts">
        {contacts === null ? (
          // The plans' own message (src/domain/pricing/plans.ts), so the catalog holds it once.
          i18n._('Unlimited contacts')
        ) : (
          <Plural value={contacts} one="# contact" other="# contacts" />
        )}
      </span>
      <span data-testid="limit-users">
        {users === null ? (
          <Trans>Unlimited users</Trans>
        ) : (
          <Plural value={users} one="# user" other="# users" />
        )}
      </span>
      <span>
        {storageGb === null ? <Trans>Unlimited storage</Trans> : <Trans>{storageGb} GB storage</Trans>}
      </span>
      {canManage && (
        <Button asChild size="sm" variant="outline" className="ms-auto">
          <Link href="/dashboard?tab=pricing">
            <Trans>Change plan</Trans>
          </Link>
        </Button>
      )}
    </div>
  );
}

/**
 * Settings 'Plan & billing': every subscription on its own (price, seats, renewal), the limits the
 * platform plan alone sets, and the payments made.
 */
export function BillingSection({ user, canManage }: SettingsSectionProps) {
  const plan = useSubscription();
  return (
    <div className="space-y-6">
      <SubscriptionList canManage={user.role === 'owner'} />
      {!plan.data || plan.error ? (
        <QueryState
          query={plan}
          loading={<Skeleton className="h-16" />}
          errorTitle={<Trans>Your plan could not be loaded.</Trans>}
        />
      ) : (
        <Limits limits={plan.data.limits} canManage={canManage} />
      )}
      <div>
        <h4 className="mb-2 text-sm font-semibold">
          <Trans>Payments</Trans>
        </h4>
        <PaymentsTable />
      </div>
    </div>
  );
}
