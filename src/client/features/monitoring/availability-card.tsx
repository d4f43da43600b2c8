import { QueryState } from '@client/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatNumber } from '@client/i18n/format';
import { Trans } from '@lingui/react/macro';
import { useAvailability } from './monitoring-api';

/** Each app's availability this month, with its maintenance windows left out (as an SLA counts it). */
export function AvailabilityCard() {
  const availability = useAvailability();
  return (
    <Card data-availability-card>
      <CardHeader>
        <CardTitle>
          <Trans>Availability this month</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Time each app was up, with its maintenance windows left out.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={availability}
          loading={<Skeleton className="h-24" />}
          errorTitle={<Trans>Availability could not be loaded.</Trans>}
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="text-sm text-muted-foreground">
              <Trans>No apps yet.</Trans>
            </p>
          }
        >
          {(list) => (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>
                    <Trans>App</Trans>
                  </TableHead>
                  <TableHead className="text-end">
                    <Trans>Availability</Trans>
                  </TableHead>
                  <TableHead className="hidden text-end sm:table-cell">
                    <Trans>Down (minutes)</Trans>
                  </TableHead>
                  <TableHead className="hidden text-end sm:table-cell">
                    <Trans>Maintenance (minutes)</Trans>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((row) => (
                  <TableRow key={row.appId}>
                    <TableCell className="font-medium">{row.appName}</TableCell>
                    <TableCell className="text-end">
                      {row.percent === null
                        ? '—'
                        : formatNumber(row.percent / 100, {
                            style: 'percent',
                            minimumFractionDigits: 2,
                            maximumFractionDigits: 2,
                          })}
                    </TableCell>
                    <TableCell className="hidden text-end sm:table-cell">
                      {formatNumber(row.downMinutes)}
                    </TableCell>
                    <TableCell className="hidden text-end sm:table-cell">
                      {formatNumber(row.maintenanceMinutes)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
