import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatMoney } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import {
  businessTypes,
  exposureLevels,
  type LocalBusinessCheckoutBody,
  localAddonsDisplayMonthlyCents,
  localOneTimeCents,
  zipCodeCount,
} from '@domain/pricing/local-business';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';

function Row({ label, value, muted }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-3', muted && 'text-muted-foreground')}>
      <dt>{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** The price Calculate took, with checkout; `isStale` when the inputs changed since. */
export function LocalResult({
  result,
  isStale,
  isCreating,
  onCheckout,
}: {
  result: LocalBusinessCheckoutBody;
  isStale: boolean;
  isCreating: boolean;
  onCheckout: () => void;
}) {
  const { pricing } = result;
  const oneTime = localOneTimeCents(result.addons);
  const zipCount = zipCodeCount(result.zipCodes);
  const level = exposureLevels.find((l) => l.id === result.exposureLevel);
  const businessType = businessTypes.find((type) => type.id === result.businessType);
  const { t, i18n } = useLingui();
  const annual = formatMoney(pricing.annualTotal);
  return (
    <Card data-testid="local-result">
      <CardHeader>
        <CardTitle>
          <Trans>Your price</Trans>
        </CardTitle>
        <CardDescription>
          {businessType && i18n._(businessType.label)} · {level && i18n._(level.name)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          <Row label={t`Monthly base`} value={formatMoney(pricing.monthlyBase)} />
          <Row
            label={t`Add-ons`}
            value={formatMonthlyPrice(localAddonsDisplayMonthlyCents(pricing.addons))}
            muted
          />
          <Row
            label={t`ZIP codes (${zipCount})`}
            value={pricing.zipFees ? formatMonthlyPrice(pricing.zipFees) : t`Included`}
            muted
          />
        </dl>
        <div className="mt-4 border-t pt-4">
          <div className="flex items-baseline justify-between">
            <span className="text-sm font-medium">
              <Trans>Monthly total</Trans>
            </span>
            <span className="text-3xl font-bold tracking-tight" data-testid="local-total">
              {formatMoney(pricing.total)}
              <span className="text-sm font-normal text-muted-foreground">
                <Trans>/mo</Trans>
              </span>
            </span>
          </div>
          <p className="mt-1 text-end text-sm text-muted-foreground">
            <Trans>
              or <span data-testid="local-annual">{annual}</span>/year (save 10%)
            </Trans>
          </p>
          {oneTime > 0 && (
            <p className="mt-3 rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
              <Trans>
                Co-Branded Page: {formatMoney(oneTime)} one-time, charged once at checkout and not part of the
                monthly total.
              </Trans>
            </p>
          )}
        </div>
        {isStale && (
          <p className="mt-3 text-xs text-muted-foreground" role="status">
            <Trans>Your choices changed since this price was calculated. Press Calculate to update it.</Trans>
          </p>
        )}
        <Button className="mt-5 w-full" size="lg" disabled={isCreating} onClick={onCheckout}>
          {isCreating ? (
            <>
              <Loader2 className="h-4 w-4 animate-spin" />
              <Trans>Creating Checkout...</Trans>
            </>
          ) : (
            t`Proceed to Checkout`
          )}
        </Button>
      </CardContent>
    </Card>
  );
}
