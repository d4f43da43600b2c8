import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatNumber } from '@client/i18n/format';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import { hasRole } from '@domain/roles';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bot, Plus, Workflow } from 'lucide-react';
import { useState } from 'react';
import { useAutomationMetrics, useWorkflows } from './automation-api';
import { BookingWebhookCard } from './sequence-fields';
import { WorkflowBuilderDialog } from './workflow-builder-dialog';
import { workflowStatusLabels } from './workflow-labels';

/** Dashboard 'automation' tab (spec 000 §2.10): figures measured from real workflow runs, the workflows, the builder. */
export function AutomationPanel() {
  const { user } = useAuth();
  const canWrite = user !== null && hasRole(user.role, 'admin');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            <Bot className="h-6 w-6 text-primary" aria-hidden="true" />
            <Trans>Automation Center</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>Workflows that act on your contacts, and how much of the work they do.</Trans>
          </p>
        </div>
        <Button onClick={() => setEditing('new')} disabled={!canWrite} data-testid="button-create-workflow">
          <Plus className="h-4 w-4" aria-hidden="true" />
          <Trans>Create New Workflow</Trans>
        </Button>
      </div>
      <OverallCard />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <WorkflowsCard canWrite={canWrite} onOpen={setEditing} />
        <PerformanceCard />
      </div>
      {canWrite && <BookingWebhookCard />}
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Legacy Planning</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm text-muted-foreground">
          <p>
            <Trans>
              Automations keep your businesses running when you step away. Document each workflow’s purpose in
              its description, so whoever takes over knows what runs and why.
            </Trans>
          </p>
          <p>
            <Trans>Review paused and failed workflows every quarter as part of your succession plan.</Trans>
          </p>
        </CardContent>
      </Card>
      {editing !== null && (
        <WorkflowBuilderDialog
          workflowId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function Figure({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined)
    return (
      <span className="text-sm font-normal text-muted-foreground">
        <Trans>Not measured yet</Trans>
      </span>
    );
  return <>{formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 })}</>;
}

function OverallCard() {
  const metrics = useAutomationMetrics();
  const m = metrics.data;
  const parts = [
    {
      id: 'content-generation',
      label: msg`Content Generation`,
      value: m?.contentGeneration,
      definition: msg`Emails written and queued by workflow steps, of the email steps that ran.`,
    },
    {
      id: 'customer-service',
      label: msg`Customer Service`,
      value: m?.customerService,
      definition: msg`Runs started by a status change or a tag that completed, of those that finished.`,
    },
    {
      id: 'lead-processing',
      label: msg`Lead Processing`,
      value: m?.leadProcessing,
      definition: msg`New contacts that entered a workflow, of all contacts created.`,
    },
  ];
  const { i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Overall Automation</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Workflow runs that completed, of the runs that finished in the last 30 days.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {metrics.isLoading ? (
          <Skeleton className="h-10 w-32" />
        ) : (
          <div className="space-y-2">
            <div className="text-3xl font-bold" data-testid="figure-overall">
              <Figure value={m?.overall} />
            </div>
            {m?.overall != null && (
              <Progress value={m.overall} aria-label={i18n._(msg`Overall Automation`)} />
            )}
          </div>
        )}
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {parts.map((part) => (
            <div key={part.id} className="rounded-md border p-3" data-testid={`figure-${part.id}`}>
              <div className="text-sm font-medium">{i18n._(part.label)}</div>
              <div className="text-xl font-semibold">
                <Figure value={part.value} />
              </div>
              <p className="text-xs text-muted-foreground">{i18n._(part.definition)}</p>
            </div>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

function WorkflowsCard({ canWrite, onOpen }: { canWrite: boolean; onOpen: (id: number) => void }) {
  const workflows = useWorkflows();
  const { i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Workflow className="h-5 w-5" aria-hidden="true" />
          <Trans>Workflows</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={workflows}
          loading={<Skeleton className="h-16 w-full" />}
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="text-sm text-muted-foreground" data-testid="workflows-empty">
              <Trans>No workflows yet. Create one to start automating.</Trans>
            </p>
          }
        >
          {(list) => (
            <ul className="divide-y" data-testid="workflow-list">
              {list.map((w) => (
                <li key={w.id} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <button
                      type="button"
                      className="text-start font-medium hover:underline disabled:no-underline"
                      onClick={() => onOpen(w.id)}
                      disabled={!canWrite}
                    >
                      {w.name}
                    </button>
                    {w.description && <p className="text-sm text-muted-foreground">{w.description}</p>}
                  </div>
                  <Badge
                    variant="outline"
                    className={cn(
                      'shrink-0',
                      w.status === 'active' && 'border-green-600 bg-green-100 text-green-800',
                    )}
                    data-testid={`workflow-status-${w.id}`}
                  >
                    {i18n._(workflowStatusLabels[w.status])}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function PerformanceCard() {
  const metrics = useAutomationMetrics();
  const p = metrics.data?.performance;
  const rows = p
    ? [
        { id: 'emails', label: msg`emails queued by workflows`, ...p.emails },
        { id: 'runs', label: msg`workflow runs completed`, ...p.runs },
        { id: 'leads', label: msg`new contacts entered a workflow`, ...p.leads },
      ]
    : [];
  const { i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Performance Metrics</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Last 30 days, counted from workflow runs.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {rows.every((r) => r.total === 0) ? (
          <p className="text-sm text-muted-foreground" data-testid="performance-empty">
            <Trans>Nothing measured yet: figures appear once workflows run.</Trans>
          </p>
        ) : (
          rows.map((r) => (
            <div key={r.id} className="space-y-1" data-testid={`performance-${r.id}`}>
              <div className="text-sm">
                <Trans>
                  {formatNumber(r.done)} of {formatNumber(r.total)}
                </Trans>{' '}
                {i18n._(r.label)}
              </div>
              <Progress value={r.total === 0 ? 0 : (r.done / r.total) * 100} aria-label={i18n._(r.label)} />
            </div>
          ))
        )}
      </CardContent>
    </Card>
  );
}
