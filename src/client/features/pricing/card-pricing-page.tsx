import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useCardCheckout, useProviderProducts } from '@client/features/checkout';
import { formatMoney } from '@client/i18n/format';
import type { ProviderProduct } from '@domain/checkout/checkout-schemas';
import { serverMessages } from '@domain/messages';
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
import { AlertCircle, Clock, Heart, Loader2, RotateCcw, ShieldCheck, TrendingDown } from 'lucide-react';
import { useState } from 'react';
import { PricingPageLayout } from './pricing-page-layout';

/** The page's four claims (spec 001 §9, `pricingClaims` in the pricing domain), in the reader's language. */
const claims = [
  { icon: TrendingDown, text: msg`${belowIndustryPercent}% below industry average` },
  { icon: RotateCcw, text: msg`30-day money-back guarantee` },
  { icon: ShieldCheck, text: msg`99.9% uptime SLA` },
  // The same words as the Enterprise plan's feature, so one catalogued message (src/domain/pricing/plans.ts).
  { icon: Clock, text: { id: '24/7 support' } },
];

/** The card page's display math works in dollars (spec 001); money is shown from cents. */
const dollars = (amount: number) => formatMoney(dollarsToCents(amount));

/** The card-provider pricing page (spec 001): products from the provider, comparison, charity, checkout. */
export function CardPricingPage() {
  const products = useProviderProducts();
  const { t, i18n } = useLingui();
  return (
    <PricingPageLayout
      title={<Trans>Complete pricing guide</Trans>}
      intro={
        <Trans>
          Transparent prices below the industry average, and 20% of our net profit goes to a registered
          501(c)(3) nonprofit.
        </Trans>
      }
      isCentered
    >
      <ul className="mt-8 grid grid-cols-2 gap-3 md:grid-cols-4">
        {claims.map(({ icon: Icon, text }) => (
          <li
            key={text.id}
            className="flex items-center gap-2 rounded-xl border bg-card p-3 text-sm font-medium"
          >
            <Icon className="h-4 w-4 shrink-0 text-primary" />
            {t(text)}
          </li>
        ))}
      </ul>

      <div className="mt-10">
        {products.isLoading ? (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-96 rounded-2xl" />
            ))}
          </div>
        ) : products.isError ? (
          <Card className="mx-auto max-w-md border-destructive/40">
            <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
              <AlertCircle className="h-8 w-8 text-destructive" />
              {/* The server's own words for this failure (GET /api/products answers them). */}
              <p className="font-semibold">{i18n._(serverMessages['payments.productsUnavailable'])}</p>
              <Button variant="outline" onClick={() => products.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </CardContent>
          </Card>
        ) : products.data?.length ? (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {products.data.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        ) : (
          <p className="text-center text-muted-foreground">
            <Trans>No products are on sale yet.</Trans>
          </p>
        )}
      </div>
    </PricingPageLayout>
  );
}

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

function ProductCard({ product }: { product: ProviderProduct }) {
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
