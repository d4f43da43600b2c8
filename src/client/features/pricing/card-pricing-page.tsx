import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useProviderProducts } from '@client/features/checkout';
import { serverMessages } from '@domain/messages';
import { belowIndustryPercent } from '@domain/pricing/card-provider';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertCircle, Clock, RotateCcw, ShieldCheck, TrendingDown } from 'lucide-react';
import { PricingPageLayout } from './pricing-page-layout';
import { ProductCard } from './provider-product-card';

/** The page's four claims (spec 001 §9, `pricingClaims` in the pricing domain), in the reader's language. */
const claims = [
  { icon: TrendingDown, text: msg`${belowIndustryPercent}% below industry average` },
  { icon: RotateCcw, text: msg`30-day money-back guarantee` },
  { icon: ShieldCheck, text: msg`99.9% uptime SLA` },
  // The same words as the Enterprise plan's feature, so one catalogued message (src/domain/pricing/plans.ts).
  { icon: Clock, text: { id: '24/7 support' } },
];

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
