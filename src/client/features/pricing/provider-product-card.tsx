import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { useCardCheckout } from '@client/features/checkout';
import { formatMoney } from '@client/i18n/format';
import type { ProviderProduct } from '@domain/checkout/checkout-schemas';
import { addons } from '@domain/pricing/addons';
import {
  belowIndustryPercent,
  competitorPriceDollars,
  competitorSavingsDollars,
  displayPriceDollars,
} from '@domain/pricing/card-provider';
import { charityFigures } from '@domain/pricing/charity';
import { dollarsToCents } from '@domain/pricing/money';
import { basePlans } from '@domain/pricing/plans';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Heart, Loader2 } from 'lucide-react';
import { useState } from 'react';

/** The card page's display math works in dollars (spec 001); money is shown from cents. */
const dollars = (amount: number) => formatMoney(dollarsToCents(amount));

/**
 * A product that carries one of our plan or add-on ids (the offline catalogue is built from them) reads in the
 * reader's language from the domain's catalogued words; any other product is the provider's own text.
 */
function productText(product: ProviderProduct, i18n: I18n): { name: string; description: string | null } {
  const plan = basePlans.find((p) => p.id === product.metadata.plan_id);
  if (plan) {
    const name = i18n._(plan.name);
    return { name: i18n._(msg`${name} Plan`), description: plan.features.map((f) => i18n._(f)).join(', ') };
  }
  const addon = addons.find((a) => a.id === product.metadata.addon_id);
  if (addon) return { name: i18n._(addon.name), description: i18n._(addon.description) };
  return { name: product.name, description: product.description };
}

/** One provider product: its price, what it includes, and its checkout. */
export function ProductCard({ product }: { product: ProviderProduct }) {
  const checkout = useCardCheckout();
  const [isProcessing, setIsProcessing] = useState(false);
  const price = product.prices[0];
  const isPopular = product.metadata.popular === 'true';
  const charity = price ? charityFigures(price.unit_amount) : null;
  const { t, i18n } = useLingui();
  const text = productText(product, i18n);

  function buy() {
    if (!price) return;
    setIsProcessing(true);
    checkout.mutate({ priceId: price.id }, { onError: () => setIsProcessing(false) });
  }

  return (
    <Card className={isPopular ? 'relative border-primary shadow-md ring-1 ring-primary' : 'relative'}>
      {isPopular && (
        <Badge className="absolute -top-2.5 start-6">
          <Trans>Most Popular</Trans>
        </Badge>
      )}
      <CardHeader>
        <CardTitle>{text.name}</CardTitle>
        {text.description && <p className="text-sm text-muted-foreground">{text.description}</p>}
      </CardHeader>
      <CardContent className="space-y-5">
        {price ? (
          <>
            <div>
              <span className="text-4xl font-bold tracking-tight">
                {dollars(displayPriceDollars(price.unit_amount))}
              </span>
              {price.interval && (
                <span className="text-muted-foreground">
                  {price.interval === 'month'
                    ? t`/month`
                    : price.interval === 'year'
                      ? t`/year`
                      : `/${price.interval}`}
                </span>
              )}
              <p className="mt-2 text-sm">
                <span className="text-muted-foreground line-through">
                  {dollars(competitorPriceDollars(price.unit_amount))}
                </span>{' '}
                <span className="font-medium text-emerald-700 dark:text-emerald-300">
                  <Trans>
                    Save {dollars(competitorSavingsDollars(price.unit_amount))} ({belowIndustryPercent}% off)
                  </Trans>
                </span>
              </p>
              <p className="text-xs text-muted-foreground">
                <Trans>compared with the industry average price</Trans>
              </p>
            </div>
            {charity && (
              <div className="rounded-xl bg-muted/60 p-3 text-xs">
                <p className="flex items-center gap-1.5 font-semibold">
                  <Heart className="h-3.5 w-3.5 text-destructive" /> <Trans>Charitable impact</Trans>
                </p>
                <dl className="mt-2 grid grid-cols-3 gap-2">
                  <div>
                    <dt className="text-muted-foreground">
                      <Trans>Net profit (67%)</Trans>
                    </dt>
                    <dd className="font-medium">{formatMonthlyPrice(charity.monthly.netProfitCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">
                      <Trans>Donation (20%)</Trans>
                    </dt>
                    <dd className="font-medium">
                      {formatMonthlyPrice(charity.monthly.charitableDonationCents)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">
                      <Trans>Per year</Trans>
                    </dt>
                    <dd className="font-medium">{formatMoney(charity.annual.charitableDonationCents)}</dd>
                  </div>
                </dl>
              </div>
            )}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>No price is set for this product.</Trans>
          </p>
        )}
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          variant={isPopular ? 'default' : 'outline'}
          disabled={!price || isProcessing}
          onClick={buy}
        >
          {isProcessing ? (
            <>
              <Loader2 className="h-4 w-4 animate-spin" />
              <Trans>Processing...</Trans>
            </>
          ) : (
            t`Get Started`
          )}
        </Button>
      </CardFooter>
    </Card>
  );
}
