import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import type { DealPage } from '@domain/deals/deal-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { DealDetailsDialog } from './deal-details-dialog';
import type { DealViewFilters } from './deal-filters';
import { dealStageNames, formatDay, formatMoney, formatPercent } from './deal-format';
import { useDealList } from './deals-api';

/** The board's deals as rows, under the same filters, one keyset page after another. */
export function DealTable({ filters }: { filters: DealViewFilters }) {
  const list = useDealList(filters);
  return (
    <QueryState
      query={list}
      loading={<Skeleton className="h-48" />}
      errorTitle={<Trans>The deals could not be loaded.</Trans>}
    >
      {(data) => <DealRows deals={data.pages.flatMap((p) => p.deals)} list={list} />}
    </QueryState>
  );
}

function DealRows({
  deals,
  list: { hasNextPage, fetchNextPage, isFetchingNextPage },
}: {
  deals: DealPage['deals'];
  list: ReturnType<typeof useDealList>;
}) {
  const { i18n } = useLingui();
  const [opened, setOpened] = useState<DealPage['deals'][number] | null>(null);
  return (
    <div className="space-y-3">
      {opened && <DealDetailsDialog deal={opened} onClose={() => setOpened(null)} />}
      <div className="overflow-x-auto rounded-md border">
        <Table data-testid="deal-table">
          <TableHeader>
            <TableRow>
              <TableHead>
                <Trans>Deal</Trans>
              </TableHead>
              <TableHead>
                <Trans>Contact</Trans>
              </TableHead>
              <TableHead>
                <Trans>Stage</Trans>
              </TableHead>
              <TableHead className="text-end">
                <Trans>Value</Trans>
              </TableHead>
              <TableHead className="text-end">
                <Trans>Probability</Trans>
              </TableHead>
              <TableHead>
                <Trans>Expected Close</Trans>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deals.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                  <Trans>No deals found</Trans>
                </TableCell>
              </TableRow>
            ) : (
              deals.map((deal) => (
                <TableRow key={deal.id}>
                  <TableCell className="max-w-[16rem] truncate font-medium">
                    <button
                      type="button"
                      className="max-w-full truncate hover:underline"
                      onClick={() => setOpened(deal)}
                    >
                      {deal.name}
                    </button>
                  </TableCell>
                  <TableCell className="max-w-[14rem] truncate">
                    {deal.contactName}
                    {deal.companyName && <span className="text-muted-foreground"> · {deal.companyName}</span>}
                  </TableCell>
                  <TableCell>
                    <Badge variant="outline">{i18n._(dealStageNames[deal.stage])}</Badge>
                  </TableCell>
                  <TableCell className="text-end tabular-nums">
                    {formatMoney(deal.valueCents, deal.currency)}
                  </TableCell>
                  <TableCell className="text-end tabular-nums">
                    {formatPercent(deal.probability / 100)}
                  </TableCell>
                  <TableCell>{deal.expectedCloseDate ? formatDay(deal.expectedCloseDate) : '—'}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" size="sm" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage && <Loader2 className="animate-spin" />}
            <Trans>Load more</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
