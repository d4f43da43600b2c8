import { Badge } from '@client/components/ui/badge';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatDollarsExact } from '@domain/pricing/money';
import { Receipt } from 'lucide-react';
import { usePayments } from './payments-api';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The workspace's recorded payments, newest first (billing page and payments panel). */
export function PaymentsTable({ limit }: { limit?: number }) {
  const { data, isLoading, isError } = usePayments();
  if (isLoading) return <Skeleton className="h-24" />;
  if (isError) return <p className="text-sm text-destructive">Payments could not be loaded.</p>;
  const rows = limit ? (data ?? []).slice(0, limit) : (data ?? []);
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
        <Receipt className="h-6 w-6" />
        <p className="font-medium text-foreground">No payments yet</p>
        <p>Payments appear here once a checkout is paid.</p>
      </div>
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Description</TableHead>
          <TableHead className="hidden sm:table-cell">Type</TableHead>
          <TableHead className="text-right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((p) => (
          <TableRow key={p.id}>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {dateFormat.format(new Date(p.paidAt))}
            </TableCell>
            <TableCell className="max-w-xs truncate">{p.description}</TableCell>
            <TableCell className="hidden sm:table-cell">
              <Badge variant="secondary">
                {p.recurringCents > 0 && p.oneTimeCents > 0
                  ? 'Recurring + one-time'
                  : p.recurringCents > 0
                    ? 'Recurring'
                    : 'One-time'}
              </Badge>
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {formatDollarsExact(p.amountCents)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
