import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useWebsites } from '@client/features/websites';
import { apiRequest, errorMessage } from '@client/lib/api';
import { queryClient } from '@client/lib/query-client';
import { useAuth } from '@client/lib/use-auth';
import {
  type Product,
  type ProductBilling,
  productBillingLabels,
  productBillings,
} from '@domain/payments/product-schemas';
import { dollarsToCents, formatDollarsExact } from '@domain/pricing/money';
import { hasRole } from '@domain/roles';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Globe, Loader2, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';

const productsKey = ['/api/products'] as const;
const refreshProducts = () => queryClient.invalidateQueries({ queryKey: productsKey });

const billingNames: Record<ProductBilling, string> = {
  one_time: 'One-time',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

function priceLabel(p: Product) {
  const amount = formatDollarsExact(p.priceCents);
  return p.billing === 'one_time'
    ? `${amount} ${productBillingLabels.one_time}`
    : `${amount}${productBillingLabels[p.billing]}`;
}

/** Payments panel: the products each of the workspace's websites sells. */
export function WebsiteProductsCard() {
  const { user } = useAuth();
  const canManage = user ? hasRole(user.role, 'admin') : false;
  const websites = useWebsites();
  const products = useQuery<Product[]>({ queryKey: productsKey });
  const [addingFor, setAddingFor] = useState<number | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/products/${id}`),
    onSuccess: refreshProducts,
    onError: (error) =>
      toast({ title: 'Delete Failed', description: errorMessage(error), variant: 'destructive' }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Products by website</CardTitle>
        <CardDescription>What each of your websites sells, with its price.</CardDescription>
      </CardHeader>
      <CardContent>
        {websites.isLoading || products.isLoading ? (
          <Skeleton className="h-40" />
        ) : websites.isError || products.isError ? (
          <p className="text-sm text-destructive">Products could not be loaded.</p>
        ) : !websites.data?.length ? (
          <div className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
            <p className="font-medium text-foreground">No websites yet</p>
            <p>
              Add your websites in{' '}
              <Link href="/dashboard?tab=settings" className="text-primary hover:underline">
                Settings
              </Link>
              , then list what each one sells.
            </p>
          </div>
        ) : (
          <div className="space-y-5">
            {websites.data.map((site) => {
              const items = (products.data ?? []).filter((p) => p.websiteId === site.id);
              return (
                <section key={site.id} aria-label={`${site.name} products`}>
                  <div className="flex items-center justify-between gap-2">
                    <h4 className="flex min-w-0 items-center gap-1.5 text-sm font-semibold">
                      <Globe className="h-4 w-4 shrink-0 text-primary" />
                      <span className="truncate">{site.name}</span>
                      <span className="truncate font-normal text-muted-foreground">{site.domain}</span>
                    </h4>
                    {canManage && (
                      <Button size="sm" variant="ghost" onClick={() => setAddingFor(site.id)}>
                        <Plus /> Add product
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
                            <span className="font-medium tabular-nums">{priceLabel(p)}</span>
                            {canManage && (
                              <Button
                                size="icon"
                                variant="ghost"
                                aria-label={`Delete ${p.name}`}
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
                      No products listed for this website yet.
                    </p>
                  )}
                </section>
              );
            })}
          </div>
        )}
      </CardContent>
      {addingFor !== null && <AddProductDialog websiteId={addingFor} onClose={() => setAddingFor(null)} />}
    </Card>
  );
}

function AddProductDialog({ websiteId, onClose }: { websiteId: number; onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [billing, setBilling] = useState<ProductBilling>('monthly');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: unknown) => apiRequest('POST', '/api/products', body),
    onSuccess: async () => {
      await refreshProducts();
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const dollars = Number(price);
    if (!name.trim()) return setError('Enter a product name.');
    if (price.trim() === '' || !Number.isFinite(dollars) || dollars < 0)
      return setError('Enter a price such as 49 or 49.99.');
    setError(null);
    create.mutate({ websiteId, name, description, priceCents: dollarsToCents(dollars), billing });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Add product</DialogTitle>
            <DialogDescription>Something this website sells.</DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor="product-name">Name</Label>
            <Input id="product-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="product-description">Description</Label>
            <Textarea
              id="product-description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={500}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1.5">
              <Label htmlFor="product-price">Price (USD)</Label>
              <Input
                id="product-price"
                inputMode="decimal"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                placeholder="49.00"
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="product-billing">Billing</Label>
              <Select value={billing} onValueChange={(v) => setBilling(v as ProductBilling)}>
                <SelectTrigger id="product-billing">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {productBillings.map((b) => (
                    <SelectItem key={b} value={b}>
                      {billingNames[b]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          {error && (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Loader2 className="animate-spin" />}
              Add product
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
