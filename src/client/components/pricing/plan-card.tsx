import { Badge } from '@client/components/ui/badge';
import { formatMoney } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import type { BasePlan } from '@domain/pricing/plans';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

function limitsLine(plan: BasePlan): string {
  const { users, storageGb } = plan.limits;
  const usersText = users === null ? t`Unlimited users` : plural(users, { one: '# user', other: '# users' });
  const storageText = storageGb === null ? t`unlimited storage` : t`${storageGb} GB storage`;
  return t`${usersText} · ${storageText}`;
}

/**
 * One base plan: name, monthly price, limits and features, all read from the pricing domain.
 * Used by the landing page (with a call-to-action footer) and the package builder (selectable).
 */
export function PlanCard({
  plan,
  isSelected = false,
  isCurrent = false,
  currentNote,
  footer,
  className,
}: {
  plan: BasePlan;
  isSelected?: boolean;
  /** The workspace's own plan (the dashboard's pricing tab): badged "Current plan". */
  isCurrent?: boolean;
  /** What the current plan's badge adds, e.g. that it is a free trial and when it ends. */
  currentNote?: string;
  footer?: ReactNode;
  className?: string;
}) {
  const { i18n } = useLingui();
  return (
    <div
      data-plan={plan.id}
      className={cn(
        'relative flex h-full flex-col rounded-2xl border bg-card p-6 text-start shadow-sm transition-shadow',
        plan.popular && 'border-primary/60 shadow-lg shadow-primary/10',
        isSelected && 'ring-2 ring-primary',
        className,
      )}
    >
      {plan.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap px-3 py-1 shadow">
          <Sparkles className="h-3 w-3" />
          <Trans>Most Popular</Trans>
        </Badge>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold">{i18n._(plan.name)}</h3>
        {isCurrent && (
          <Badge variant="secondary" data-testid="current-plan-badge">
            <Trans>Current plan</Trans>
          </Badge>
        )}
      </div>
      {isCurrent && currentNote && (
        <p className="mt-1 text-sm font-medium" data-testid="current-plan-note">
          {currentNote}
        </p>
      )}
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatMoney(plan.priceCents)}</span>
        <span className="whitespace-nowrap text-sm text-muted-foreground">
          <Trans>/month</Trans>
        </span>
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{limitsLine(plan)}</p>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" />
            <span>{i18n._(feature)}</span>
          </li>
        ))}
      </ul>
      {footer && <div className="mt-6">{footer}</div>}
    </div>
  );
}
