import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import { reportSources } from '@domain/reports/report-catalogue';
import { exportLists, type Report, type ReportDefinitionInput } from '@domain/reports/report-schemas';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, LayoutDashboard, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { newDefinition, ReportBuilder } from './report-builder';
import { ReportView } from './report-view';
import {
  listExportHref,
  reportExportHref,
  useDeleteReport,
  useReportList,
  useReportSeries,
} from './reports-api';
import { ScheduleSection } from './schedule-section';

type Mode =
  | { kind: 'view'; id: number }
  | { kind: 'edit'; id: number | null; initial: ReportDefinitionInput };

function SavedReport({
  report,
  canWrite,
  onEdit,
  onDeleted,
}: {
  report: Report;
  canWrite: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const series = useReportSeries(report.id);
  const remove = useDeleteReport();
  const { name } = report.definition;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{name}</h2>
        <div className="flex flex-wrap gap-2">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button key={format} variant="outline" size="sm" asChild>
              <a href={reportExportHref(report.id, format)} download>
                <Download />
                {format === 'csv' ? <Trans>CSV</Trans> : <Trans>Excel</Trans>}
              </a>
            </Button>
          ))}
          {canWrite && (
            <>
              <Button variant="outline" size="sm" onClick={onEdit}>
                <Pencil />
                <Trans>Edit</Trans>
              </Button>
              <ConfirmDeleteDialog
                title={t`Delete this report?`}
                description={t`“${name}” is deleted for everyone in the workspace.`}
                confirmLabel={<Trans>Delete</Trans>}
                errorTitle={t`The report could not be deleted.`}
                onConfirm={() => remove.mutateAsync(report.id)}
                onDone={onDeleted}
                trigger={
                  <Button variant="outline" size="sm">
                    <Trash2 />
                    <Trans>Delete</Trans>
                  </Button>
                }
              />
            </>
          )}
        </div>
      </div>
      <QueryState
        query={series}
        loading={<Skeleton className="h-72" />}
        errorTitle={<Trans>The report could not be run.</Trans>}
      >
        {(data) => <ReportView series={data} />}
      </QueryState>
      <ScheduleSection target={{ reportId: report.id }} />
    </div>
  );
}

/** Each list's name: the report source of the same rows. */
const listSources = {
  contacts: 'contacts',
  deals: 'deals',
  tasks: 'tasks',
  campaignRecipients: 'campaignMessages',
  webhookDeliveries: 'webhookDeliveries',
} as const;

/** Whole lists as files, for members and above (the server checks the same). */
function ListExports() {
  const { i18n } = useLingui();
  return (
    <section className="mt-6 space-y-2" aria-labelledby="list-exports">
      <h2 id="list-exports" className="text-sm font-medium">
        <Trans>Export lists</Trans>
      </h2>
      <p className="text-xs text-muted-foreground">
        <Trans>Every contact, deal or task of the workspace, as a file.</Trans>
      </p>
      <ul className="space-y-1 text-sm">
        {exportLists.map((list) => (
          <li key={list} className="flex items-center justify-between gap-2">
            <span>{i18n._(reportSources[listSources[list]].label)}</span>
            <span className="flex gap-1">
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button key={format} variant="ghost" size="sm" asChild>
                  <a href={listExportHref(list, format)} download>
                    <Download />
                    {format === 'csv' ? <Trans>CSV</Trans> : <Trans>Excel</Trans>}
                    <span className="sr-only">{i18n._(reportSources[listSources[list]].label)}</span>
                  </a>
                </Button>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /reports: the workspace's saved reports, each drawn as its chart and table; owners and admins build,
 * change and delete them.
 */
export function ReportsPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const canWrite = Boolean(user && hasRole(user.role, 'admin'));
  const canExportLists = Boolean(user && hasRole(user.role, 'member'));
  const list = useReportList();
  const [mode, setMode] = useState<Mode | null>(null);
  const reports = list.data?.reports ?? [];
  const shownId = mode?.kind === 'view' ? mode.id : mode === null ? reports[0]?.id : undefined;
  const shown = reports.find((r) => r.id === shownId);

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">
            <Trans>Reports</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>Figures from every part of the workspace, as charts and tables.</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link href="/reports/dashboards">
              <LayoutDashboard />
              <Trans>Dashboards</Trans>
            </Link>
          </Button>
          {canWrite && (
            <Button onClick={() => setMode({ kind: 'edit', id: null, initial: newDefinition() })}>
              <Plus />
              <Trans>New report</Trans>
            </Button>
          )}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div>
          <nav aria-label={t`Saved reports`}>
            <QueryState
              query={list}
              loading={<Skeleton className="h-40" />}
              errorTitle={<Trans>The reports could not be loaded.</Trans>}
              isEmpty={(data) => data.reports.length === 0}
              empty={
                <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
                  <Trans>No reports yet.</Trans>
                </p>
              }
            >
              {(data) => (
                <ul className="space-y-1">
                  {data.reports.map((report) => (
                    <li key={report.id}>
                      <button
                        type="button"
                        aria-current={report.id === shownId ? 'page' : undefined}
                        className={cn(
                          'w-full truncate rounded-md px-3 py-2 text-start text-sm hover:bg-muted',
                          report.id === shownId && 'bg-muted font-medium',
                        )}
                        onClick={() => setMode({ kind: 'view', id: report.id })}
                      >
                        {report.definition.name}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </QueryState>
          </nav>
          {canExportLists && <ListExports />}
        </div>
        <div className="min-w-0">
          {mode?.kind === 'edit' ? (
            <ReportBuilder
              key={mode.id ?? 'new'}
              reportId={mode.id}
              initial={mode.initial}
              onSaved={(id) => setMode({ kind: 'view', id })}
              onCancel={() => setMode(null)}
            />
          ) : (
            shown && (
              <SavedReport
                key={shown.id}
                report={shown}
                canWrite={canWrite}
                onEdit={() => setMode({ kind: 'edit', id: shown.id, initial: shown.definition })}
                onDeleted={() => setMode(null)}
              />
            )
          )}
        </div>
      </div>
    </main>
  );
}
