import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/utils';
import { formatDollars } from '@domain/pricing/money';
import type { BasePlan } from '@domain/pricing/plans';
import { Check, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

function limitsLine(plan: BasePlan): string {
  const { users, storageGb } = plan.limits;
  const usersText = users === null ? 'Unlimited users' : `${users} users`;
  const storageText = storageGb === null ? 'unlimited storage' : `${storageGb} GB storage`;
  return `${usersText} · ${storageText}`;
}

/**
 * One base plan: name, monthly price, limits and features, all read from the pricing domain.
 * Used by the landing page (with a call-to-action footer) and the package builder (selectable).
 */
export function PlanCard({
  plan,
  isSelected = false,
  footer,
  className,
}: {
  plan: BasePlan;
  isSelected?: boolean;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <div
      data-plan={plan.id}
      className={cn(
        'relative flex h-full flex-col rounded-2xl border bg-card p-6 text-left shadow-sm transition-shadow',
        plan.popular && 'border-primary/60 shadow-lg shadow-primary/10',
        isSelected && 'ring-2 ring-primary',
        className,
      )}
    >
      {plan.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap px-3 py-1 shadow">
          <Sparkles className="h-3 w-3" />
          Most Popular
        </Badge>
      )}
      <h3 className="text-lg font-semibold">{plan.name}</h3>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatDollars(plan.priceCents)}</span>
        <span className="text-sm text-muted-foreground">/{plan.period}</span>
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{limitsLine(plan)}</p>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {footer && <div className="mt-6">{footer}</div>}
    </div>
  );
}
