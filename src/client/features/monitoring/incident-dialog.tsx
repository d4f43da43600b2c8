import { QueryState } from '@client/components/query-state';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import type { IncidentDetail, IncidentEventKind } from '@domain/monitoring/incident-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { IncidentBadges } from './incident-badges';
import { useIncident } from './monitoring-api';

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function EventLine({ kind, detail }: { kind: IncidentEventKind; detail: string }) {
  switch (kind) {
    case 'probe_failed':
      return <Trans>Probe failed: {detail}</Trans>;
    case 'opened':
      return <Trans>Opened: {detail}</Trans>;
    case 'notified':
      return <Trans>Team notified</Trans>;
    case 'suppressed':
      return <Trans>Suppressed: {detail} is down</Trans>;
    case 'held':
      return <Trans>Held: {detail}</Trans>;
    case 'resolved':
      return <Trans>Resolved</Trans>;
  }
}

function IncidentBody({ incident }: { incident: IncidentDetail }) {
  const { affected } = incident;
  return (
    <div className="space-y-5">
      <IncidentBadges incident={incident} />
      <Section title={<Trans>Timeline</Trans>}>
        <ol className="space-y-1 text-sm" data-incident-timeline>
          {incident.timeline.map((event) => (
            <li key={event.id} className="flex flex-wrap gap-x-2">
              <span className="text-muted-foreground">{formatDateTime(event.at)}</span>
              <span>
                <EventLine kind={event.kind} detail={event.detail} />
              </span>
            </li>
          ))}
        </ol>
      </Section>
      {incident.children.length > 0 && (
        <Section
          title={
            <Trans>Suppressed incidents of dependent apps ({formatNumber(incident.children.length)})</Trans>
          }
        >
          <ul className="flex flex-wrap gap-2 text-sm" data-incident-children>
            {incident.children.map((child) => (
              <li key={child.id} className="rounded border px-2 py-0.5">
                {child.appName}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title={<Trans>Affected customers</Trans>}>
        {affected.contactCount === 0 && affected.companyCount === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No contacts come from this app.</Trans>
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2" data-incident-affected>
            <div>
              <p className="text-xs text-muted-foreground">
                <Trans>Contacts ({formatNumber(affected.contactCount)})</Trans>
              </p>
              <ul className="text-sm">
                {affected.contacts.map((c) => (
                  <li key={c.id}>
                    <a className="underline" href={`/contacts/${c.id}`}>
                      {c.name || c.email}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <p className="text-xs text-muted-foreground">
                <Trans>Companies ({formatNumber(affected.companyCount)})</Trans>
              </p>
              <ul className="text-sm">
                {affected.companies.map((c) => (
                  <li key={c.id}>{c.name}</li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </Section>
      {incident.holds.length > 0 && (
        <Section title={<Trans>Held sends</Trans>}>
          <ul className="space-y-1 text-sm">
            {incident.holds.map((hold) => (
              <li key={`${hold.kind}-${hold.id}`}>
                {hold.kind === 'campaign' ? <Trans>Campaign</Trans> : <Trans>Workflow run</Trans>}:{' '}
                {hold.name}{' '}
                <span className="text-muted-foreground">
                  {hold.releasedAt ? <Trans>resumed</Trans> : <Trans>waiting</Trans>}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

/** One incident: its timeline, the incidents it suppressed, the customers it affects and what it held. */
export function IncidentDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useLingui();
  const incident = useIncident(id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto" data-incident-dialog>
        <DialogHeader>
          <DialogTitle>{incident.data ? t`Incident: ${incident.data.appName}` : t`Incident`}</DialogTitle>
          <DialogDescription>
            {incident.data ? (
              incident.data.parentAppName ? (
                <Trans>
                  Opened {formatDateTime(incident.data.openedAt)} while {incident.data.parentAppName} was
                  down.
                </Trans>
              ) : (
                <Trans>Opened {formatDateTime(incident.data.openedAt)}.</Trans>
              )
            ) : (
              <Trans>Loading…</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <QueryState
          query={incident}
          loading={<Skeleton className="h-40" />}
          errorTitle={<Trans>The incident could not be loaded.</Trans>}
        >
          {(data) => <IncidentBody incident={data} />}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}
