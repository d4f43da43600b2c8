import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatNumber } from '@client/i18n/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AppDependenciesDialog } from './app-dependencies-dialog';
import { MaintenanceDialog } from './maintenance-dialog';
import type { AppChoice } from './monitor-dialog';
import { useAvailability } from './monitoring-api';

type Shown = { app: AppChoice; panel: 'dependencies' | 'maintenance' } | null;

/**
 * Each app's availability this month, with its maintenance windows left out (as an SLA counts it), and
 * each app's dependencies and maintenance windows (owners and admins change them; others read).
 */
export function AvailabilityCard({ canWrite }: { canWrite: boolean }) {
  const { t } = useLingui();
  const availability = useAvailability();
  const [shown, setShown] = useState<Shown>(null);
  const apps = (availability.data ?? []).map((row) => ({ id: row.appId, name: row.appName }));
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
                  <TableHead className="text-end">
                    <span className="sr-only">
                      <Trans>Actions</Trans>
                    </span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((row) => {
                  const app = { id: row.appId, name: row.appName };
                  const { name } = app;
                  return (
                    <TableRow key={row.appId} data-availability-app={row.appName}>
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
                      <TableCell className="text-end">
                        <div className="flex flex-wrap justify-end gap-1">
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={t`Dependencies of ${name}`}
                            onClick={() => setShown({ app, panel: 'dependencies' })}
                          >
                            <Trans>Dependencies</Trans>
                          </Button>
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={t`Maintenance of ${name}`}
                            onClick={() => setShown({ app, panel: 'maintenance' })}
                          >
                            <Trans>Maintenance</Trans>
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </QueryState>
      </CardContent>
      {shown?.panel === 'dependencies' && (
        <AppDependenciesDialog
          app={shown.app}
          apps={apps}
          canWrite={canWrite}
          onClose={() => setShown(null)}
        />
      )}
      {shown?.panel === 'maintenance' && (
        <MaintenanceDialog app={shown.app} canWrite={canWrite} onClose={() => setShown(null)} />
      )}
    </Card>
  );
}
