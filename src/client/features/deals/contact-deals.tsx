import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { fieldMessage } from '@client/i18n/field-message';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { parseDollarsToCents } from '@domain/contacts/contact-schemas';
import { dealCreateSchema } from '@domain/deals/deal-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { dealStageNames, formatDay, formatMoney } from './deal-format';
import { useCreateDeal, useDealList } from './deals-api';

/** A contact's deals in its details dialog, with a quick "add a deal" form for members. */
export function ContactDeals({ contactId, canWrite }: { contactId: number; canWrite: boolean }) {
  const list = useDealList({ contactId });
  const { i18n } = useLingui();
  return (
    <section data-testid="contact-deals">
      <h3 className="mb-3 text-sm font-semibold">
        <Trans>Deals</Trans>
      </h3>
      {canWrite && <AddDealForm contactId={contactId} />}
      <QueryState
        query={list}
        loading={<Skeleton className="h-12" />}
        errorTitle={<Trans>The deals could not be loaded.</Trans>}
        isEmpty={(data) => data.pages.every((p) => p.deals.length === 0)}
        empty={
          <p className="text-sm text-muted-foreground">
            <Trans>No deals yet</Trans>
          </p>
        }
      >
        {(data) => (
          <ul className="divide-y rounded-md border">
            {data.pages
              .flatMap((p) => p.deals)
              .map((deal) => (
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
      </QueryState>
    </section>
  );
}

function AddDealForm({ contactId }: { contactId: number }) {
  const { t } = useLingui();
  const nameRequired = t`Name the deal`;
  const notDollars = t`Enter the value in dollars, like 1,250`;
  // The server's rules for the name, with the two messages a person most often meets in their language.
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .refine((name) => name.trim() !== '', nameRequired)
          .pipe(dealCreateSchema.shape.name),
        value: z.string().refine((value) => parseDollarsToCents(value) !== null, notDollars),
      }),
    [nameRequired, notDollars],
  );
  const form = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: { name: '', value: '' },
  });
  const { errors } = form.formState;
  const error = errors.name?.message ?? errors.value?.message;
  const create = useCreateDeal();
  const submit = form.handleSubmit(({ name, value }) =>
    create.mutate(
      { name, valueCents: parseDollarsToCents(value) ?? 0, contactId },
      {
        onSuccess: () => form.reset(),
        onError: (failure) => {
          if (!applyServerErrors(failure, form, { valueCents: 'value' }))
            toastError(t`Deal not saved`, failure);
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} className="mb-3 grid gap-2 sm:grid-cols-[1fr_8rem_auto]" noValidate>
      <Input
        aria-label={t`Deal name`}
        placeholder={t`Deal name`}
        aria-invalid={Boolean(errors.name)}
        {...form.register('name')}
      />
      <Input
        aria-label={t`Deal value`}
        placeholder={t`Value ($)`}
        inputMode="decimal"
        aria-invalid={Boolean(errors.value)}
        {...form.register('value')}
      />
      <Button type="submit" size="sm" disabled={create.isPending}>
        {create.isPending ? <Loader2 className="animate-spin" /> : <Plus />}
        <Trans>Add Deal</Trans>
      </Button>
      {error && <p className="text-sm text-destructive sm:col-span-3">{fieldMessage(error)}</p>}
    </form>
  );
}
