import { FormDialog } from '@client/components/form/form-dialog';
import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { QueryState } from '@client/components/query-state';
import { SelectedSiteNote } from '@client/components/selected-site-note';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { useWebsites } from '@client/features/websites';
import { fieldMessage } from '@client/i18n/field-message';
import { formatMoney } from '@client/i18n/format';
import { apiRequest, errorMessage, requestJson } from '@client/lib/api';
import { onErrorToast } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { queryClient } from '@client/lib/query-client';
import { useAuth } from '@client/lib/use-auth';
import {
  type Product,
  type ProductInput,
  productBillings,
  productInputSchema,
  productSchema,
} from '@domain/payments/product-schemas';
import { dollarsToCents } from '@domain/pricing/money';
import { hasRole } from '@domain/roles';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Globe, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';

const productsKey = ['/api/products'] as const;
const refreshProducts = () => queryClient.invalidateQueries({ queryKey: productsKey });

const billingNames = {
  one_time: msg`One-time`,
  monthly: msg`Monthly`,
  yearly: msg`Yearly`,
};

function priceLabel(p: Product, i18n: I18n) {
  const amount = formatMoney(p.priceCents, { exact: true });
  if (p.billing === 'one_time') return i18n._(msg`${amount} one-time`);
  return i18n._(p.billing === 'monthly' ? msg`${amount}/month` : msg`${amount}/year`);
}

/**
 * Payments panel: the products each of the workspace's websites sells, or only those of the website chosen in
 * the sidebar (`websiteId`, named `websiteName`).
 */
export function WebsiteProductsCard({
  websiteId,
  websiteName,
}: {
  websiteId: number | null;
  websiteName: string | null;
}) {
  const { user } = useAuth();
  const canManage = user ? hasRole(user.role, 'admin') : false;
  const websites = useWebsites();
  const products = useQuery({
    queryKey: [...productsKey, { websiteId }],
    queryFn: () =>
      requestJson(
        z.array(productSchema),
        'GET',
        websiteId === null ? '/api/products' : `/api/products?websiteId=${websiteId}`,
      ),
  });
  const shownSites = websites.data?.filter((site) => websiteId === null || site.id === websiteId);
  const catalogue = {
    data: shownSites && products.data ? { sites: shownSites, items: products.data } : undefined,
    isLoading: websites.isLoading || products.isLoading,
    error: websites.error ?? products.error,
    refetch: () => Promise.all([websites.refetch(), products.refetch()]),
  };
  const [addingFor, setAddingFor] = useState<number | null>(null);
  const { t, i18n } = useLingui();
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/products/${id}`),
    onSuccess: refreshProducts,
    onError: onErrorToast(t`Delete Failed`),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Products by website</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>What each of your websites sells, with its price.</Trans>
        </CardDescription>
        <SelectedSiteNote siteName={websiteName} />
      </CardHeader>
      <CardContent>
        <QueryState
          query={catalogue}
          loading={<Skeleton className="h-40" />}
          errorTitle={<Trans>Products could not be loaded.</Trans>}
          isEmpty={({ sites }) => sites.length === 0}
          empty={
            <div className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
              <p className="font-medium text-foreground">
                <Trans>No websites yet</Trans>
              </p>
              <p>
                <Trans>
                  Add your websites in{' '}
                  <Link
                    href="/dashboard?tab=settings"
                    className="font-medium text-primary underline underline-offset-2"
                  >
                    Settings
                  </Link>
                  , then list what each one sells.
                </Trans>
              </p>
            </div>
          }
        >
          {({ sites, items: allProducts }) => (
            <div className="space-y-5">
              {sites.map((site) => {
                const items = allProducts.filter((p) => p.websiteId === site.id);
                return (
                  <section key={site.id} aria-label={t`${site.name} products`}>
                    <div className="flex items-center justify-between gap-2">
                      <h4 className="flex min-w-0 items-center gap-1.5 text-sm font-semibold">
                        <Globe className="h-4 w-4 shrink-0 text-primary" />
                        <span className="truncate">{site.name}</span>
                        <span className="truncate font-normal text-muted-foreground">{site.domain}</span>
                      </h4>
                      {canManage && (
                        <Button size="sm" variant="ghost" onClick={() => setAddingFor(site.id)}>
                          <Plus /> <Trans>Add product</Trans>
                        </Button>
                      )}
                    </div>
                    {items.length ? (
                      <ul className="mt-1 divide-y">
                        {items.map((p) => (
                          <li key={p.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                            <span className="min-w-0">
                              <span className="font-medium">{p.name}</span>
                              {p.description && (
                                <span className="block truncate text-xs text-muted-foreground">
                                  {p.description}
                                </span>
                              )}
                            </span>
                            <span className="flex shrink-0 items-center gap-2">
                              <span className="font-medium tabular-nums">{priceLabel(p, i18n)}</span>
                              {canManage && (
                                <Button
                                  size="icon"
                                  variant="ghost"
                                  aria-label={t`Delete ${p.name}`}
                                  disabled={remove.isPending}
                                  onClick={() => remove.mutate(p.id)}
                                >
                                  <Trash2 />
                                </Button>
                              )}
                            </span>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p className="mt-1 text-xs text-muted-foreground">
                        <Trans>No products listed for this website yet.</Trans>
                      </p>
                    )}
                  </section>
                );
              })}
            </div>
          )}
        </QueryState>
      </CardContent>
      {addingFor !== null && <AddProductDialog websiteId={addingFor} onClose={() => setAddingFor(null)} />}
    </Card>
  );
}

function AddProductDialog({ websiteId, onClose }: { websiteId: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const nameRequired = t`Enter a product name.`;
  const notAPrice = t`Enter a price such as 49 or 49.99.`;
  // The server's product schema; the price is typed in dollars, and the two usual mistakes read in the user's language.
  const schema = useMemo(
    () =>
      productInputSchema.omit({ websiteId: true, priceCents: true }).extend({
        name: z
          .string()
          .refine((name) => name.trim() !== '', nameRequired)
          .pipe(productInputSchema.shape.name),
        price: z
          .string()
          .refine(
            (price) => price.trim() !== '' && Number.isFinite(Number(price)) && Number(price) >= 0,
            notAPrice,
          )
          .transform((price) => dollarsToCents(Number(price)))
          .pipe(productInputSchema.shape.priceCents),
      }),
    [nameRequired, notAPrice],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', description: '', price: '', billing: 'monthly' },
  });
  const { errors } = form.formState;
  const error = errors.name?.message ?? errors.price?.message ?? errors.description?.message;
  const create = useMutation({
    mutationFn: (body: ProductInput) => apiRequest('POST', '/api/products', body),
    onSuccess: async () => {
      await refreshProducts();
      onClose();
    },
    onError: (failure) => applyServerErrors(failure, form, { priceCents: 'price' }),
  });
  const submit = form.handleSubmit(({ price, ...fields }) =>
    create.mutate({ ...fields, websiteId, priceCents: price }),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={<Trans>Add product</Trans>}
      description={<Trans>Something this website sells.</Trans>}
      onSubmit={submit}
      pending={create.isPending}
      error={
        error
          ? fieldMessage(error)
          : create.error && !Object.keys(errors).length && errorMessage(create.error)
      }
      submitLabel={<Trans>Add product</Trans>}
    >
      <FormField label={<Trans>Name</Trans>}>
        {(id) => (
          <Input id={id} aria-invalid={Boolean(errors.name)} maxLength={120} {...form.register('name')} />
        )}
      </FormField>
      <FormField label={<Trans>Description</Trans>}>
        {(id) => <Textarea id={id} maxLength={500} {...form.register('description')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={<Trans>Price (USD)</Trans>}>
          {(id) => (
            <Input
              id={id}
              inputMode="decimal"
              aria-invalid={Boolean(errors.price)}
              placeholder="49.00"
              {...form.register('price')}
            />
          )}
        </FormField>
        <SelectField
          control={form.control}
          name="billing"
          label={<Trans>Billing</Trans>}
          options={productBillings.map((b) => ({ value: b, label: i18n._(billingNames[b]) }))}
        />
      </div>
    </FormDialog>
  );
}
