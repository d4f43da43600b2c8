import { Card, CardContent } from '@client/components/ui/card';
import { useLocalBusinessCheckout } from '@client/features/checkout';
import { toastError } from '@client/lib/error-toast';
import {
  defaultIndustryCode,
  type LocalBusinessCheckoutBody,
  localBusinessPricing,
  noLocalAddons,
} from '@domain/pricing/local-business';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Calculator } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LocalBusinessForm } from './local-business-form';
import { LocalResult } from './local-business-result';
import { type SelectionForm, selectionSchema } from './local-business-selection';
import { PricingPageLayout } from './pricing-page-layout';

/** /pricing/local-business (spec 001 "Local Business Pricing Calculator", §5, §9). */
export function LocalBusinessPage() {
  const form = useForm<SelectionForm>({
    resolver: zodResolver(selectionSchema, undefined, { raw: true }),
    defaultValues: { businessType: '', exposureLevel: '', zipCodes: '', addons: noLocalAddons },
  });
  // The result is a snapshot taken by Calculate: later input changes do not refresh it (spec 001 §4).
  const [result, setResult] = useState<LocalBusinessCheckoutBody | null>(null);
  const checkout = useLocalBusinessCheckout();
  const { t } = useLingui();
  const current = form.watch();

  const calculate = form.handleSubmit(
    ({ businessType, exposureLevel, zipCodes, addons }) => {
      if (!businessType || !exposureLevel) return; // the schema refused these already
      const selection = { businessType, exposureLevel, zipCodes, naicsCode: defaultIndustryCode, addons };
      setResult({ ...selection, pricing: localBusinessPricing(selection) });
    },
    (invalid) => {
      // Spec 001 §9: a missing business type or exposure level is told in a toast.
      if (invalid.businessType || invalid.exposureLevel)
        toastError(t`Missing Information`, null, t`Please select business type and exposure level`);
    },
  );

  return (
    <PricingPageLayout
      title={<Trans>Local Business Pricing Calculator</Trans>}
      intro={
        <Trans>
          Get found by customers across our ecosystem. Tell us about your business and see your price.
        </Trans>
      }
    >
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_380px]">
        <LocalBusinessForm form={form} onCalculate={calculate} />

        <aside className="h-fit lg:sticky lg:top-24">
          {result ? (
            <LocalResult
              result={result}
              isStale={
                result.businessType !== current.businessType ||
                result.exposureLevel !== current.exposureLevel ||
                result.zipCodes !== current.zipCodes ||
                JSON.stringify(result.addons) !== JSON.stringify(current.addons)
              }
              isCreating={checkout.isPending}
              onCheckout={() => checkout.mutate(result)}
            />
          ) : (
            <Card className="border-dashed">
              <CardContent className="flex flex-col items-center gap-3 p-8 text-center text-muted-foreground">
                <Calculator className="h-8 w-8" />
                <p className="font-medium text-foreground">
                  <Trans>Your price appears here</Trans>
                </p>
                <p className="text-sm">
                  <Trans>Choose a business type and exposure level, then press Calculate.</Trans>
                </p>
              </CardContent>
            </Card>
          )}
        </aside>
      </div>
    </PricingPageLayout>
  );
}
