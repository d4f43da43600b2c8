import { QueryState } from '@client/components/query-state';
import { BackToHomeLink, SiteHeader } from '@client/components/site-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatNumber } from '@client/i18n/format';
import { onErrorToast } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import type { CampaignStatus, CampaignSummary } from '@domain/marketing/campaign-schemas';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Megaphone, Pause, Play, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { CampaignDetailDialog } from './campaign-detail-dialog';
import { CampaignEditorDialog } from './campaign-editor-dialog';
import { campaignStatusLabels, campaignTypeLabels } from './campaign-labels';
import { HeldCampaigns } from './held-campaigns';
import { type CampaignAction, useCampaignAction, useCampaigns } from './marketing-api';

/** The toggle (spec 001): pause while Active (sending), otherwise play (send a draft, resume a paused one). */
function toggleAction(status: CampaignStatus): CampaignAction | null {
  if (status === 'sending' || status === 'scheduled') return 'pause';
  if (status === 'draft') return 'send';
  if (status === 'paused') return 'resume';
  return null;
}

/** /marketing (signed in): the workspace's email campaigns, their figures, the pause/play toggle and the editor. */
export function MarketingPage() {
  const { user } = useAuth();
  return (
    <MarketingScreen
      demo={false}
      canWrite={user !== null && hasRole(user.role, 'admin')}
      isOwner={user !== null && hasRole(user.role, 'owner')}
    />
  );
}

/** /marketing-demo (anyone): the same screen over the demo workspace, read-only, under the public header. */
export function MarketingDemoPage() {
  return (
    <div className="min-h-screen bg-background">
      <SiteHeader>
        <BackToHomeLink />
      </SiteHeader>
      <MarketingScreen demo canWrite={false} isOwner={false} />
    </div>
  );
}

function MarketingScreen({
  demo,
  canWrite,
  isOwner,
}: {
  demo: boolean;
  canWrite: boolean;
  isOwner: boolean;
}) {
  const campaigns = useCampaigns(demo);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const hasOffline = campaigns.data?.some((c) => c.offline > 0) ?? false;
  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4 md:p-8">
      {!demo && (
        <Link
          href="/dashboard"
          className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
        >
          <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
          <Trans>Back to dashboard</Trans>
        </Link>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            <Megaphone className="h-6 w-6 text-primary" aria-hidden="true" />
            <Trans>Marketing Automation</Trans>
            {demo && (
              <Badge variant="outline" className="text-xs font-normal">
                <Trans>Demo workspace, read-only</Trans>
              </Badge>
            )}
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>Email campaigns to your contacts. Contacts who unsubscribed are never mailed.</Trans>
          </p>
        </div>
        {!demo && (
          <Button onClick={() => setEditing('new')} disabled={!canWrite} data-testid="button-new-campaign">
            <Plus className="h-4 w-4" aria-hidden="true" />
            <Trans>New Campaign</Trans>
          </Button>
        )}
      </div>
      {hasOffline && !demo && (
        <p
          className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900"
          role="status"
        >
          <Trans>
            No mail server is configured: messages are kept in the outbox and were NOT delivered. Open a
            campaign to read them.
          </Trans>
        </p>
      )}
      {campaigns.data && !demo && (
        <HeldCampaigns campaigns={campaigns.data} canWrite={canWrite} isOwner={isOwner} />
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Campaigns</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState
            query={campaigns}
            loading={<Skeleton className="h-24 w-full" />}
            isEmpty={(list) => list.length === 0}
            empty={
              <p className="text-sm text-muted-foreground" data-testid="campaigns-empty">
                <Trans>No campaigns yet. Create one to reach your contacts.</Trans>
              </p>
            }
          >
            {(list) => (
              <CampaignTable
                campaigns={list}
                canWrite={canWrite}
                demo={demo}
                onOpen={setViewing}
                onEdit={setEditing}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
      {editing !== null && (
        <CampaignEditorDialog
          campaignId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {viewing !== null && (
        <CampaignDetailDialog
          campaignId={viewing}
          demo={demo}
          canWrite={canWrite}
          onClose={() => setViewing(null)}
        />
      )}
    </main>
  );
}

function CampaignTable({
  campaigns,
  canWrite,
  demo,
  onOpen,
  onEdit,
}: {
  campaigns: CampaignSummary[];
  canWrite: boolean;
  demo: boolean;
  onOpen: (id: number) => void;
  onEdit: (id: number) => void;
}) {
  const { t, i18n } = useLingui();
  const act = useCampaignAction();
  const run = (id: number, action: CampaignAction) =>
    act.mutate(
      { id, action },
      {
        onError: onErrorToast(t`Could not change the campaign`),
      },
    );
  return (
    <div className="overflow-x-auto">
      <Table data-testid="campaign-table">
        <TableHeader>
          <TableRow>
            <TableHead>
              <Trans>Name</Trans>
            </TableHead>
            <TableHead>
              <Trans>Type</Trans>
            </TableHead>
            <TableHead>
              <Trans>Status</Trans>
            </TableHead>
            <TableHead className="text-end">
              <Trans>Subscribers</Trans>
            </TableHead>
            <TableHead className="text-end">
              <Trans>Opens</Trans>
            </TableHead>
            <TableHead className="text-end">
              <Trans>Clicks</Trans>
            </TableHead>
            <TableHead className="text-end">
              <Trans>Conversions</Trans>
            </TableHead>
            <TableHead>
              <span className="sr-only">
                <Trans>Actions</Trans>
              </span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {campaigns.map((c) => {
            const action = toggleAction(c.status);
            const isPause = action === 'pause';
            return (
              <TableRow key={c.id} data-testid={`campaign-row-${c.id}`}>
                <TableCell>
                  <button
                    type="button"
                    className="text-start font-medium hover:underline"
                    onClick={() => onOpen(c.id)}
                  >
                    {c.name}
                  </button>
                </TableCell>
                <TableCell>{i18n._(campaignTypeLabels[c.type])}</TableCell>
                <TableCell>
                  <Badge
                    variant="outline"
                    className={cn(
                      c.status === 'sending' && 'border-green-600 bg-green-100 text-green-800',
                      c.status === 'held' && 'whitespace-nowrap border-destructive text-destructive',
                    )}
                    data-testid={`campaign-status-${c.id}`}
                  >
                    {i18n._(campaignStatusLabels[c.status])}
                  </Badge>
                </TableCell>
                <TableCell className="text-end">{formatNumber(c.subscribers)}</TableCell>
                <TableCell className="text-end">{formatNumber(c.opens)}</TableCell>
                <TableCell className="text-end">{formatNumber(c.clicks)}</TableCell>
                <TableCell className="text-end">{formatNumber(c.conversions)}</TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    {!demo && (c.status === 'draft' || c.status === 'paused' || c.status === 'held') && (
                      <Button size="sm" variant="ghost" disabled={!canWrite} onClick={() => onEdit(c.id)}>
                        <Trans>Edit</Trans>
                      </Button>
                    )}
                    <Button
                      size="icon"
                      variant="outline"
                      disabled={!canWrite || action === null || act.isPending}
                      aria-label={isPause ? t`Pause ${c.name}` : t`Send or resume ${c.name}`}
                      data-testid={`campaign-toggle-${c.id}`}
                      onClick={() => action && run(c.id, action)}
                    >
                      {isPause ? (
                        <Pause className="h-4 w-4" aria-hidden="true" />
                      ) : (
                        <Play className="h-4 w-4" aria-hidden="true" />
                      )}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
