import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatDateTime } from '@client/i18n/format';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { IncidentBadges } from './incident-badges';
import { IncidentDialog } from './incident-dialog';
import { useIncidents } from './monitoring-api';

/**
 * The Incidents card of Central Monitoring: an incident per app that went down, open ones first. Those
 * of apps whose parent app was down are suppressed (the parent's incident told the team); each opens
 * to its timeline, the incidents it suppressed, the customers it affects and the sends it held.
 */
export function IncidentsCard() {
  const incidents = useIncidents();
  const [shown, setShown] = useState<number | null>(null);
  return (
    <Card data-incidents-card>
      <CardHeader>
        <CardTitle>
          <Trans>Incidents</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            One notification per root cause: apps that depend on a down app open their incidents suppressed.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={incidents}
          loading={<Skeleton className="h-24" />}
          errorTitle={<Trans>Incidents could not be loaded.</Trans>}
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="text-sm text-muted-foreground">
              <Trans>No incidents: every app has answered its probes.</Trans>
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
                  <TableHead className="hidden sm:table-cell">
                    <Trans>Opened</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Status</Trans>
                  </TableHead>
                  <TableHead className="text-end">
                    <span className="sr-only">
                      <Trans>Actions</Trans>
                    </span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((incident) => (
                  <TableRow key={incident.id} data-incident={incident.appName}>
                    <TableCell className="font-medium">
                      {incident.appName}
                      {incident.parentAppName && (
                        <span className="block text-xs text-muted-foreground">
                          <Trans>Depends on {incident.parentAppName}</Trans>
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      {formatDateTime(incident.openedAt)}
                    </TableCell>
                    <TableCell>
                      <IncidentBadges incident={incident} />
                    </TableCell>
                    <TableCell className="text-end">
                      <Button variant="outline" size="sm" onClick={() => setShown(incident.id)}>
                        <Trans>Details</Trans>
                        <span className="sr-only">: {incident.appName}</span>
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryState>
      </CardContent>
      {shown !== null && <IncidentDialog id={shown} onClose={() => setShown(null)} />}
    </Card>
  );
}
