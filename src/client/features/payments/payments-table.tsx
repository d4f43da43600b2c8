import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatDate, formatMoney } from '@client/i18n/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { Receipt } from 'lucide-react';
import { usePayments } from './payments-api';

/** The workspace's recorded payments, newest first (billing page and payments panel). */
export function PaymentsTable({ limit }: { limit?: number }) {
  const payments = usePayments();
  const { data } = payments;
  const { t } = useLingui();
  if (!data || payments.error)
    return (
      <QueryState
        query={payments}
        loading={<Skeleton className="h-24" />}
        errorTitle={<Trans>Payments could not be loaded.</Trans>}
      />
    );
  const rows = limit ? (data ?? []).slice(0, limit) : (data ?? []);
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
        <Receipt className="h-6 w-6" />
        <p className="font-medium text-foreground">
          <Trans>No payments yet</Trans>
        </p>
        <p>
          <Trans>Payments appear here once a checkout is paid.</Trans>
        </p>
      </div>
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>
            <Trans>Date</Trans>
          </TableHead>
          <TableHead>
            <Trans>Description</Trans>
          </TableHead>
          <TableHead className="hidden sm:table-cell">
            <Trans>Type</Trans>
          </TableHead>
          <TableHead className="text-end">
            <Trans>Amount</Trans>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((p) => (
          <TableRow key={p.id}>
            <TableCell className="whitespace-nowrap text-muted-foreground">{formatDate(p.paidAt)}</TableCell>
            <TableCell className="max-w-xs truncate">{p.description}</TableCell>
            <TableCell className="hidden sm:table-cell">
              <Badge variant="secondary">
                {p.recurringCents > 0 && p.oneTimeCents > 0
                  ? t`Recurring + one-time`
                  : p.recurringCents > 0
                    ? t`Recurring`
                    : t`One-time`}
              </Badge>
            </TableCell>
            <TableCell className="text-end font-medium tabular-nums">
              {formatMoney(p.amountCents, { exact: true })}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
