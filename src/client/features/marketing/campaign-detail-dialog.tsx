import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { ExportMenu } from '@client/features/reports';
import { formatDay, formatNumber } from '@client/i18n/format';
import type { OutboxMessage } from '@domain/marketing/campaign-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AbTestPanel } from './ab-test-panel';
import { useCampaign, useCampaignOutbox } from './marketing-api';

const messageStatusLabels: Record<OutboxMessage['status'], MessageDescriptor> = {
  queued: msg`Queued`,
  held: msg`Waiting for the A/B test's winner`,
  sending: msg`Sending`,
  sent: msg`Sent`,
  offline: msg`In the outbox, not delivered`,
  failed: msg`Failed`,
};

/**
 * A campaign's page: its figures, per day, its A/B test and its outbox (what was sent to whom, or kept
 * undelivered). The public demo twin shows no outbox (the demo contacts' addresses).
 */
export function CampaignDetailDialog({
  campaignId,
  demo,
  canWrite,
  onClose,
}: {
  campaignId: number;
  demo: boolean;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const campaign = useCampaign(campaignId, demo);
  const c = campaign.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{c?.name ?? <Trans>Campaign</Trans>}</DialogTitle>
          <DialogDescription>{c?.subject}</DialogDescription>
        </DialogHeader>
        {!c ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <div className="min-w-0 space-y-4">
            {!demo && <ExportMenu list="campaignRecipients" narrow={{ campaignId }} />}
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              {[
                { id: 'sent', label: msg`Sent`, value: c.sent },
                { id: 'offline', label: msg`Not delivered (outbox)`, value: c.offline },
                { id: 'opens', label: msg`Opens`, value: c.opens },
                { id: 'clicks', label: msg`Clicks`, value: c.clicks },
              ].map((f) => (
                <div key={f.id} className="rounded-md border p-2">
                  <dt className="text-muted-foreground">{i18n._(f.label)}</dt>
                  <dd className="text-lg font-semibold">{formatNumber(f.value)}</dd>
                </div>
              ))}
            </dl>
            <section>
              <h3 className="mb-2 font-medium">
                <Trans>Figures over time</Trans>
              </h3>
              {c.daily.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  <Trans>Nothing sent yet.</Trans>
                </p>
              ) : (
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>
                        <Trans>Day</Trans>
                      </TableHead>
                      <TableHead className="text-end">
                        <Trans>Sent</Trans>
                      </TableHead>
                      <TableHead className="text-end">
                        <Trans>Opens</Trans>
                      </TableHead>
                      <TableHead className="text-end">
                        <Trans>Clicks</Trans>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {c.daily.map((d) => (
                      <TableRow key={d.day}>
                        <TableCell>{formatDay(d.day)}</TableCell>
                        <TableCell className="text-end">{formatNumber(d.sent)}</TableCell>
                        <TableCell className="text-end">{formatNumber(d.opens)}</TableCell>
                        <TableCell className="text-end">{formatNumber(d.clicks)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </section>
            <AbTestPanel campaign={c} canWrite={canWrite && !demo} />
            {!demo && <CampaignOutbox campaignId={campaignId} />}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CampaignOutbox({ campaignId }: { campaignId: number }) {
  const { i18n } = useLingui();
  const outbox = useCampaignOutbox(campaignId);
  return (
    <section>
      <h3 className="mb-2 font-medium">
        <Trans>Outbox</Trans>
      </h3>
      {!outbox.data?.length ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No messages yet.</Trans>
        </p>
      ) : (
        <ul className="divide-y text-sm" data-testid="campaign-outbox">
          {outbox.data.map((m) => (
            <li key={m.id} className="flex justify-between gap-2 py-1.5">
              <span className="truncate">{m.toEmail}</span>
              <span
                className={m.status === 'offline' ? 'font-medium text-amber-700' : 'text-muted-foreground'}
              >
                {i18n._(messageStatusLabels[m.status])}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
