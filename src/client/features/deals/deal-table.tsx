import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2 } from 'lucide-react';
import type { DealViewFilters } from './deal-filters';
import { dealStageNames, formatDay, formatMoney, formatPercent } from './deal-format';
import { useDealList } from './deals-api';

/** The board's deals as rows, under the same filters, one keyset page after another. */
export function DealTable({ filters }: { filters: DealViewFilters }) {
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useDealList(filters);
  const { i18n } = useLingui();
  if (isLoading) return <Skeleton className="h-48" />;
  if (isError || !data)
    return (
      <p className="text-sm text-destructive">
        <Trans>The deals could not be loaded.</Trans>
      </p>
    );
  const deals = data.pages.flatMap((p) => p.deals);
  return (
    <div className="space-y-3">
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
                  <TableCell className="max-w-[16rem] truncate font-medium">{deal.name}</TableCell>
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
