import { Button } from '@client/components/ui/button';
import { onErrorToast } from '@client/lib/error-toast';
import type { CampaignSummary, HeldWorkflowEmail } from '@domain/marketing/campaign-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertTriangle } from 'lucide-react';
import { useCampaignAction, useHeldWorkflowEmailAction, useHeldWorkflowEmails } from './marketing-api';

/**
 * Campaigns the pre-send gate held (issue 33 §2), each with the links that answered an error. Admins check
 * the links again (a held campaign whose links now answer starts sending); only an owner sends anyway.
 */
export function HeldCampaigns({
  campaigns,
  canWrite,
  isOwner,
}: {
  campaigns: CampaignSummary[];
  canWrite: boolean;
  isOwner: boolean;
}) {
  const { t } = useLingui();
  const act = useCampaignAction();
  const held = campaigns.filter((c) => c.status === 'held');
  const emails = useHeldWorkflowEmails(true).data ?? [];
  if (held.length === 0 && emails.length === 0) return null;
  const onError = onErrorToast(t`Could not change the campaign`);
  return (
    <>
      {held.length > 0 && (
        <section
          className="space-y-3 rounded-md border border-red-600 bg-red-50 p-4 text-red-950"
          aria-labelledby="held-campaigns-title"
          data-testid="held-campaigns"
        >
          <h2 id="held-campaigns-title" className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            <Trans>Held: failing links</Trans>
          </h2>
          <p className="text-sm">
            <Trans>
              Not sent: these links answer with an error. Fix them and check again, or an owner can send
              anyway.
            </Trans>
          </p>
          <ul className="space-y-3">
            {held.map((c) => (
              <li
                key={c.id}
                className="space-y-2 rounded-md border bg-background p-3 text-foreground"
                data-testid={`held-${c.id}`}
              >
                <p className="font-medium">{c.name}</p>
                <ul className="space-y-0.5 text-sm">
                  {c.linkFailures.map((link) => (
                    <li key={link.url} className="break-all">
                      <span className="font-mono">{link.url}</span>{' '}
                      <span className="text-destructive">{t`HTTP ${link.status}`}</span>
                    </li>
                  ))}
                </ul>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!canWrite || act.isPending}
                    onClick={() => act.mutate({ id: c.id, action: 'check-links' }, { onError })}
                  >
                    <Trans>Check links again</Trans>
                  </Button>
                  {isOwner && (
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={act.isPending}
                      data-testid={`override-${c.id}`}
                      onClick={() => act.mutate({ id: c.id, action: 'override-hold' }, { onError })}
                    >
                      <Trans>Send anyway</Trans>
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {emails.length > 0 && <HeldWorkflowEmails emails={emails} canWrite={canWrite} isOwner={isOwner} />}
    </>
  );
}

/** Workflow emails the gate held before their first delivery, each with its failing links. */
function HeldWorkflowEmails({
  emails,
  canWrite,
  isOwner,
}: {
  emails: HeldWorkflowEmail[];
  canWrite: boolean;
  isOwner: boolean;
}) {
  const { t } = useLingui();
  const act = useHeldWorkflowEmailAction();
  const onError = onErrorToast(t`Could not change the campaign`);
  return (
    <section
      className="space-y-3 rounded-md border border-red-600 bg-red-50 p-4 text-red-950"
      aria-labelledby="held-emails-title"
      data-testid="held-workflow-emails"
    >
      <h2 id="held-emails-title" className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
        <Trans>Workflow emails held: failing links</Trans>
      </h2>
      <ul className="space-y-2">
        {emails.map((m) => (
          <li key={m.id} className="space-y-1 rounded-md border bg-background p-3 text-sm text-foreground">
            <p className="break-all font-medium">{t`To ${m.toEmail}: ${m.subject}`}</p>
            {m.linkFailures.map((link) => (
              <p key={link.url} className="break-all">
                <span className="font-mono">{link.url}</span>{' '}
                <span className="text-destructive">{t`HTTP ${link.status}`}</span>
              </p>
            ))}
            {isOwner && (
              <Button
                size="sm"
                variant="destructive"
                disabled={act.isPending}
                onClick={() => act.mutate({ action: 'override-hold', id: m.id }, { onError })}
              >
                <Trans>Send anyway</Trans>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        size="sm"
        variant="outline"
        disabled={!canWrite || act.isPending}
        onClick={() => act.mutate({ action: 'check-links' }, { onError })}
      >
        <Trans>Check links again</Trans>
      </Button>
    </section>
  );
}
