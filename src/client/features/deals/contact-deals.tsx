import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { onErrorToast } from '@client/lib/error-toast';
import { parseDollarsToCents } from '@domain/contacts/contact-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { dealStageNames, formatDay, formatMoney } from './deal-format';
import { useCreateDeal, useDealList } from './deals-api';

/** A contact's deals in its details dialog, with a quick "add a deal" form for members. */
export function ContactDeals({ contactId, canWrite }: { contactId: number; canWrite: boolean }) {
  const { data, isLoading, isError } = useDealList({ contactId });
  const deals = data?.pages.flatMap((p) => p.deals) ?? [];
  const { i18n } = useLingui();
  return (
    <section data-testid="contact-deals">
      <h3 className="mb-3 text-sm font-semibold">
        <Trans>Deals</Trans>
      </h3>
      {canWrite && <AddDealForm contactId={contactId} />}
      {isLoading ? (
        <Skeleton className="h-12" />
      ) : isError ? (
        <p className="text-sm text-destructive">
          <Trans>The deals could not be loaded.</Trans>
        </p>
      ) : deals.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No deals yet</Trans>
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {deals.map((deal) => (
            <li key={deal.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate font-medium">{deal.name}</span>
              <Badge variant="outline">{i18n._(dealStageNames[deal.stage])}</Badge>
              <span className="tabular-nums">{formatMoney(deal.valueCents, deal.currency)}</span>
              {deal.expectedCloseDate && (
                <span className="text-xs text-muted-foreground">{formatDay(deal.expectedCloseDate)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddDealForm({ contactId }: { contactId: number }) {
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateDeal();
  const { t } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valueCents = parseDollarsToCents(value);
    if (!name.trim()) return setError(t`Name the deal`);
    if (valueCents === null) return setError(t`Enter the value in dollars, like 1,250`);
    setError(null);
    create.mutate(
      { name, valueCents, contactId },
      {
        onSuccess: () => {
          setName('');
          setValue('');
        },
        onError: onErrorToast(t`Deal not saved`),
      },
    );
  };
  return (
    <form onSubmit={submit} className="mb-3 grid gap-2 sm:grid-cols-[1fr_8rem_auto]">
      <Input
        aria-label={t`Deal name`}
        placeholder={t`Deal name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Input
        aria-label={t`Deal value`}
        placeholder={t`Value ($)`}
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={create.isPending}>
        {create.isPending ? <Loader2 className="animate-spin" /> : <Plus />}
        <Trans>Add Deal</Trans>
      </Button>
      {error && <p className="text-sm text-destructive sm:col-span-3">{error}</p>}
    </form>
  );
}
