import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { FormField } from '@client/components/form/form-field';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { selectTriggerClassName } from '@client/components/ui/select-trigger-class';
import { Skeleton } from '@client/components/ui/skeleton';
import { useWebsites } from '@client/features/websites';
import { useAuth } from '@client/lib/use-auth';
import { cn } from '@client/lib/utils';
import {
  type Dashboard,
  type DashboardFilter,
  type DashboardTile,
  type DashboardVisibility,
  gridColumns,
} from '@domain/reports/dashboard-schemas';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Home, Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DashboardGrid } from './dashboard-grid';
import {
  useDashboard,
  useDashboardHome,
  useDashboardList,
  useDashboardSeries,
  useDeleteDashboard,
  useSaveDashboard,
  useSetDashboardHome,
} from './dashboards-api';
import { ReportView } from './report-view';
import { useReportList } from './reports-api';
import { ScheduleSection } from './schedule-section';

/** A new tile: half the grid wide, below everything already placed. */
function placeNew(tiles: DashboardTile[], reportId: number): DashboardTile {
  const bottom = Math.max(0, ...tiles.map((tile) => tile.y + tile.h));
  return { reportId, x: 0, y: bottom, w: gridColumns / 2, h: 2 };
}

/** A dashboard's tiles with their figures, under a filter: the screen's view and the home tab's. */
export function DashboardTiles({
  dashboard,
  filter,
  tiles,
  onChange,
  onRemove,
}: {
  dashboard: Dashboard;
  filter: DashboardFilter;
  tiles?: DashboardTile[];
  onChange?: (tiles: DashboardTile[]) => void;
  onRemove?: (reportId: number) => void;
}) {
  const series = useDashboardSeries(dashboard.id, filter);
  const reports = useReportList();
  const names = new Map((reports.data?.reports ?? []).map((r) => [r.id, r.definition.name]));
  const byReport = new Map((series.data?.tiles ?? []).map((tile) => [tile.reportId, tile.series]));
  return (
    <QueryState
      query={series}
      loading={<Skeleton className="h-72" />}
      errorTitle={<Trans>The dashboard could not be run.</Trans>}
    >
      {() => (
        <DashboardGrid
          tiles={tiles ?? dashboard.tiles}
          names={names}
          onChange={onChange}
          onRemove={onRemove}
          render={(tile) => {
            const found = byReport.get(tile.reportId);
            return found ? <ReportView series={found} /> : <Skeleton className="h-32" />;
          }}
        />
      )}
    </QueryState>
  );
}

function FilterBar({
  filter,
  onChange,
}: {
  filter: DashboardFilter;
  onChange: (f: DashboardFilter) => void;
}) {
  const { t } = useLingui();
  const websites = useWebsites();
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const [websiteId, setWebsiteId] = useState(filter.websiteId ? String(filter.websiteId) : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({
      ...(from && to ? { from, to } : {}),
      ...(websiteId ? { websiteId: Number(websiteId) } : {}),
    });
  };
  return (
    <form
      aria-label={t`Dashboard filter`}
      onSubmit={submit}
      className="grid grid-cols-1 items-end gap-3 rounded-lg border p-3 sm:grid-cols-4"
    >
      <FormField label={t`From`}>
        {(id) => <Input id={id} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
      </FormField>
      <FormField label={t`To`}>
        {(id) => <Input id={id} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
      </FormField>
      <FormField label={t`Website`}>
        {(id) => (
          <select
            id={id}
            className={selectTriggerClassName}
            value={websiteId}
            onChange={(e) => setWebsiteId(e.target.value)}
          >
            <option value="">{t`All websites`}</option>
            {(websites.data ?? []).map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <Button type="submit" variant="outline">
        <Trans>Apply filter</Trans>
      </Button>
    </form>
  );
}

function OpenDashboard({ id, canWrite }: { id: number; canWrite: boolean }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const dashboard = useDashboard(id);
  const reports = useReportList();
  const save = useSaveDashboard();
  const remove = useDeleteDashboard();
  const canChooseHome = Boolean(user && hasRole(user.role, 'member'));
  const home = useDashboardHome(canChooseHome);
  const setHome = useSetDashboardHome();
  const [filter, setFilter] = useState<DashboardFilter>({});
  const [tiles, setTiles] = useState<DashboardTile[] | null>(null);
  const [adding, setAdding] = useState('');
  const data = dashboard.data;

  if (!data)
    return (
      <QueryState
        query={dashboard}
        loading={<Skeleton className="h-72" />}
        errorTitle={<Trans>The dashboard could not be loaded.</Trans>}
      />
    );
  const shown = tiles ?? data.tiles;
  const placed = new Set(shown.map((tile) => tile.reportId));
  const addable = (reports.data?.reports ?? []).filter((r) => !placed.has(r.id));
  const isHome = home.data?.dashboardId === data.id;
  const layoutInput = (next: DashboardTile[]) => ({
    name: data.name,
    visibility: data.visibility,
    tiles: next,
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{data.name}</h2>
          <p className="text-sm text-muted-foreground">
            {data.visibility === 'private' ? (
              <Trans>Only you</Trans>
            ) : (
              <Trans>Shared with the workspace</Trans>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canChooseHome && (
            <Button
              variant="outline"
              size="sm"
              aria-pressed={isHome}
              onClick={() => setHome.mutate(isHome ? null : data.id)}
            >
              <Home />
              <Trans>Show on my home</Trans>
            </Button>
          )}
          {canWrite && (
            <ConfirmDeleteDialog
              title={t`Delete this dashboard?`}
              description={t`“${data.name}” is deleted; its reports stay.`}
              confirmLabel={<Trans>Delete</Trans>}
              errorTitle={t`The dashboard could not be deleted.`}
              onConfirm={() => remove.mutateAsync(data.id)}
              onDone={() => navigate('/reports/dashboards')}
              trigger={
                <Button variant="outline" size="sm">
                  <Trash2 />
                  <Trans>Delete</Trans>
                </Button>
              }
            />
          )}
        </div>
      </div>
      <FilterBar filter={filter} onChange={setFilter} />
      {canWrite && (
        <div className="flex flex-wrap items-end gap-2">
          <FormField label={t`Report to add`} className="min-w-56">
            {(fieldId) => (
              <select
                id={fieldId}
                className={selectTriggerClassName}
                value={adding}
                onChange={(e) => setAdding(e.target.value)}
              >
                <option value="">{t`Choose a report`}</option>
                {addable.map((report) => (
                  <option key={report.id} value={report.id}>
                    {report.definition.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button
            variant="outline"
            disabled={!adding}
            onClick={() => {
              setTiles([...shown, placeNew(shown, Number(adding))]);
              setAdding('');
            }}
          >
            <Plus />
            <Trans>Add to dashboard</Trans>
          </Button>
          <Button
            disabled={tiles === null || save.isPending}
            onClick={() =>
              save.mutate({ id: data.id, input: layoutInput(shown) }, { onSuccess: () => setTiles(null) })
            }
          >
            <Save />
            <Trans>Save layout</Trans>
          </Button>
          {save.isSuccess && tiles === null && (
            <p className="text-sm text-muted-foreground" role="status">
              <Trans>Layout saved.</Trans>
            </p>
          )}
        </div>
      )}
      {shown.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
          <Trans>No reports on this dashboard yet.</Trans>
        </p>
      ) : (
        <DashboardTiles
          dashboard={data}
          filter={filter}
          tiles={shown}
          onChange={canWrite ? setTiles : undefined}
          onRemove={
            canWrite ? (reportId) => setTiles(shown.filter((tile) => tile.reportId !== reportId)) : undefined
          }
        />
      )}
      {data.visibility === 'workspace' && <ScheduleSection target={{ dashboardId: data.id }} />}
    </div>
  );
}

function NewDashboard({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useLingui();
  const save = useSaveDashboard();
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<DashboardVisibility>('workspace');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: null, input: { name, visibility, tiles: [] } },
      {
        onSuccess: (made) => {
          setName('');
          onCreated(made.id);
        },
      },
    );
  };
  return (
    <form aria-label={t`New dashboard`} onSubmit={submit} className="space-y-2 rounded-lg border p-3">
      <FormField label={t`Dashboard name`}>
        {(id) => (
          <Input id={id} value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
        )}
      </FormField>
      <FormField label={t`Who sees it`}>
        {(id) => (
          <select
            id={id}
            className={selectTriggerClassName}
            value={visibility}
            onChange={(e) => setVisibility(e.target.value as DashboardVisibility)}
          >
            <option value="workspace">{t`Shared with the workspace`}</option>
            <option value="private">{t`Only you`}</option>
          </select>
        )}
      </FormField>
      <Button type="submit" size="sm" disabled={save.isPending}>
        <Plus />
        <Trans>Create dashboard</Trans>
      </Button>
    </form>
  );
}

/**
 * /reports/dashboards: the dashboards the member may see (`?id=` opens one), each its reports on a grid
 * under one filter; owners and admins create and arrange them.
 */
export function DashboardsPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const canWrite = Boolean(user && hasRole(user.role, 'admin'));
  const list = useDashboardList();
  const asked = Number(new URLSearchParams(search).get('id'));
  const openId = asked > 0 ? asked : (list.data?.dashboards[0]?.id ?? null);
  const open = (id: number) => navigate(`/reports/dashboards?id=${id}`);

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <Link
          href="/reports"
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" />
          <Trans>Reports</Trans>
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">
          <Trans>Dashboards</Trans>
        </h1>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <div className="space-y-4">
          <nav aria-label={t`Dashboards`}>
            <QueryState
              query={list}
              loading={<Skeleton className="h-40" />}
              errorTitle={<Trans>The dashboards could not be loaded.</Trans>}
              isEmpty={(data) => data.dashboards.length === 0}
              empty={
                <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
                  <Trans>No dashboards yet.</Trans>
                </p>
              }
            >
              {(data) => (
                <ul className="space-y-1">
                  {data.dashboards.map((dashboard) => (
                    <li key={dashboard.id}>
                      <button
                        type="button"
                        aria-current={dashboard.id === openId ? 'page' : undefined}
                        className={cn(
                          'w-full truncate rounded-md px-3 py-2 text-start text-sm hover:bg-muted',
                          dashboard.id === openId && 'bg-muted font-medium',
                        )}
                        onClick={() => open(dashboard.id)}
                      >
                        {dashboard.name}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </QueryState>
          </nav>
          {canWrite && <NewDashboard onCreated={open} />}
        </div>
        <div className="min-w-0">
          {openId !== null && <OpenDashboard key={openId} id={openId} canWrite={canWrite} />}
        </div>
      </div>
    </main>
  );
}
