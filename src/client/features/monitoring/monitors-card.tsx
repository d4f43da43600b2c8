import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatNumber } from '@client/i18n/format';
import type { Monitor, MonitorPage } from '@domain/monitoring/monitoring-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type AppChoice, MonitorDialog } from './monitor-dialog';
import { MonitorRow } from './monitor-row';
import { monitorPageSize, useMonitorPage } from './monitoring-api';

/**
 * The Monitors card of Central Monitoring (as in Uptime Kuma): every URL the hub probes, with its timing,
 * status, uptime and last response time. Owners and admins add, edit and remove; everyone else reads.
 */
export function MonitorsCard({
  demo,
  canWrite,
  apps,
}: {
  demo: boolean;
  canWrite: boolean;
  apps: AppChoice[];
}) {
  const { t } = useLingui();
  const [offset, setOffset] = useState(0);
  const monitors = useMonitorPage(demo, offset);
  const total = monitors.data?.total;
  // A removal can empty the last page: step back to the page that is now last.
  useEffect(() => {
    if (total !== undefined && offset > 0 && offset >= total)
      setOffset(Math.max(0, Math.ceil(total / monitorPageSize) - 1) * monitorPageSize);
  }, [total, offset]);
  // undefined: dialog closed; null: adding; a monitor: editing it.
  const [editing, setEditing] = useState<Monitor | null | undefined>(undefined);

  return (
    <Card data-monitors-card>
      <CardHeader className="flex flex-row flex-wrap items-start gap-2 space-y-0">
        <div className="min-w-0 flex-1 space-y-1.5">
          <CardTitle>
            <Trans>Monitors</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              Every app's own URL is checked on its interval; add more URLs of an app to watch them too.
            </Trans>
          </CardDescription>
        </div>
        {canWrite && apps.length > 0 && (
          <Button variant="outline" onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" />
            <Trans>Add monitor</Trans>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <QueryState
          query={monitors}
          loading={<Skeleton className="h-24" />}
          errorTitle={<Trans>Monitors could not be loaded.</Trans>}
          isEmpty={(page) => page.total === 0}
          empty={
            <p className="text-sm text-muted-foreground">
              <Trans>No monitors yet: each app gets one when it is added.</Trans>
            </p>
          }
        >
          {(page) => (
            <>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>
                      <Trans>Monitor</Trans>
                    </TableHead>
                    <TableHead className="hidden md:table-cell">
                      <Trans>Interval</Trans>
                    </TableHead>
                    <TableHead className="hidden md:table-cell">
                      <Trans>Timeout</Trans>
                    </TableHead>
                    <TableHead className="hidden sm:table-cell">
                      <Trans>Status</Trans>
                    </TableHead>
                    <TableHead className="hidden text-end sm:table-cell">
                      <Trans>24 hours</Trans>
                    </TableHead>
                    <TableHead className="hidden text-end sm:table-cell">
                      <Trans>30 days</Trans>
                    </TableHead>
                    <TableHead className="hidden text-end lg:table-cell">
                      <Trans>Response</Trans>
                    </TableHead>
                    {canWrite && (
                      <TableHead className="text-end">
                        <span className="sr-only sm:not-sr-only">
                          <Trans>Actions</Trans>
                        </span>
                      </TableHead>
                    )}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {page.monitors.map((monitor) => (
                    <MonitorRow
                      key={monitor.id}
                      monitor={monitor}
                      canWrite={canWrite}
                      onEdit={() => setEditing(monitor)}
                    />
                  ))}
                </TableBody>
              </Table>
              {page.total > monitorPageSize && (
                <MonitorPager page={page} offset={offset} busy={monitors.isFetching} onOffset={setOffset} />
              )}
            </>
          )}
        </QueryState>
        {!canWrite && !demo && (
          <p className="mt-3 text-xs text-muted-foreground">
            <Trans>Only owners and admins can change monitors.</Trans>
          </p>
        )}
      </CardContent>
      {editing !== undefined && (
        <MonitorDialog
          monitor={editing}
          apps={apps}
          onClose={() => setEditing(undefined)}
          title={editing ? t`Edit monitor` : t`Add monitor`}
        />
      )}
    </Card>
  );
}

/** "Showing 51–100 of 1,000" and the Previous / Next buttons, when the monitors take more than a page. */
function MonitorPager({
  page,
  offset,
  busy,
  onOffset,
}: {
  page: MonitorPage;
  offset: number;
  busy: boolean;
  onOffset: (offset: number) => void;
}) {
  const { t } = useLingui();
  const from = formatNumber(offset + 1);
  const to = formatNumber(offset + page.monitors.length);
  const total = formatNumber(page.total);
  return (
    <div className="mt-3 flex flex-col items-center justify-between gap-2 text-sm text-muted-foreground sm:flex-row">
      <span data-monitors-range>{t`Showing ${from}–${to} of ${total}`}</span>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0 || busy}
          onClick={() => onOffset(Math.max(0, offset - monitorPageSize))}
        >
          <ChevronLeft className="rtl:rotate-180" />
          <Trans>Previous</Trans>
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + monitorPageSize >= page.total || busy}
          onClick={() => onOffset(offset + monitorPageSize)}
        >
          <Trans>Next</Trans>
          <ChevronRight className="rtl:rotate-180" />
        </Button>
      </div>
    </div>
  );
}
