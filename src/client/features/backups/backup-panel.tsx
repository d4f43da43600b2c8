import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatDateTime, formatNumber } from '@client/i18n/format';
import { useAuth } from '@client/lib/use-auth';
import type { Backup } from '@domain/backups/backup-schemas';
import { hasRole } from '@domain/roles';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Archive, Download, RotateCcw, ShieldCheck } from 'lucide-react';
import { useBackups, useRestoreBackup, useStartBackup, useVerifyBackup } from './backups-api';

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024)
    return formatNumber(bytes / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });
  return formatNumber(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}

/** The dashboard's Backup tab (spec 000 §2.3 Legacy group; issue 12 §4). */
export function BackupPanel() {
  const { t } = useLingui();
  const { user } = useAuth();
  const canManage = user ? hasRole(user.role, 'admin') : false;
  // Backups hold every row of the workspace: only owners and admins read them, so nobody else asks.
  const backups = useBackups({ enabled: canManage });
  const start = useStartBackup();
  if (!canManage)
    return (
      <div className="space-y-6" data-panel="backup">
        <h2 className="text-2xl font-bold tracking-tight">
          <Trans>Backup</Trans>
        </h2>
        <Card>
          <CardContent className="py-8 text-center text-sm text-muted-foreground">
            <Trans>Only owners and admins can see and run backups.</Trans>
          </CardContent>
        </Card>
      </div>
    );
  return (
    <div className="space-y-6" data-panel="backup">
      <h2 className="text-2xl font-bold tracking-tight">
        <Trans>Backup</Trans>
      </h2>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="space-y-1.5">
            <CardTitle>
              <Trans>Workspace Backups</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>
                Every row of this workspace, compressed and checksummed. A weekly automatic backup runs every
                Sunday; the newest backups are kept.
              </Trans>
            </CardDescription>
          </div>
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            <Archive />
            <Trans>Backup Now</Trans>
          </Button>
        </CardHeader>
        <CardContent>
          <QueryState
            query={backups}
            loading={<Skeleton className="h-24 w-full" />}
            isEmpty={(list) => list.length === 0}
            empty={
              <div className="py-8 text-center">
                <p className="font-medium">
                  <Trans>No backups yet</Trans>
                </p>
                <p className="text-sm text-muted-foreground">
                  <Trans>Run the first one with Backup Now, or wait for the weekly automatic backup.</Trans>
                </p>
              </div>
            }
          >
            {(list) => (
              <ul className="divide-y" aria-label={t`Backups`}>
                {list.map((backup) => (
                  <BackupItem key={backup.id} backup={backup} />
                ))}
              </ul>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}

function VerifyBadge({ backup }: { backup: Backup }) {
  switch (backup.verifyStatus) {
    case 'verified':
      return (
        <Badge>
          <Trans>Verified</Trans>
        </Badge>
      );
    case 'failed':
      return (
        <Badge variant="destructive" title={backup.verifyError ?? undefined}>
          <Trans>Verification failed</Trans>
        </Badge>
      );
    case 'queued':
      return (
        <Badge variant="secondary">
          <Trans>Verifying…</Trans>
        </Badge>
      );
    default:
      return (
        <Badge variant="outline">
          <Trans>Not verified</Trans>
        </Badge>
      );
  }
}

function BackupItem({ backup }: { backup: Backup }) {
  const { t } = useLingui();
  const verify = useVerifyBackup();
  const restore = useRestoreBackup();
  const created = formatDateTime(backup.createdAt);
  const restoring = backup.lastRestore?.status === 'queued' || backup.lastRestore?.status === 'running';
  return (
    <li className="space-y-2 py-4" data-backup-id={backup.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{created}</span>
        <Badge variant="outline">{backup.trigger === 'scheduled' ? t`Weekly` : t`Manual`}</Badge>
        {backup.status === 'completed' ? <VerifyBadge backup={backup} /> : null}
        {backup.status === 'failed' ? (
          <Badge variant="destructive">
            <Trans>Failed</Trans>
          </Badge>
        ) : null}
      </div>
      {backup.status === 'queued' || backup.status === 'running' ? (
        <div className="space-y-1">
          <Progress
            value={backup.tablesTotal ? (backup.tablesDone / backup.tablesTotal) * 100 : 0}
            aria-label={t`Backup progress`}
          />
          <p className="text-sm text-muted-foreground">
            <Trans>
              Backing up: {formatNumber(backup.tablesDone)} of{' '}
              <Plural value={backup.tablesTotal} one="# table" other="# tables" />
            </Trans>
          </p>
        </div>
      ) : null}
      {backup.status === 'failed' ? <p className="text-sm text-destructive">{backup.error}</p> : null}
      {backup.status === 'completed' ? (
        <>
          <p className="text-sm text-muted-foreground">
            <Trans>
              {formatSize(backup.sizeBytes ?? 0)} ·{' '}
              <Plural value={backup.totalRows ?? 0} one="# row" other="# rows" /> in{' '}
              <Plural value={backup.tables.length} one="# table" other="# tables" />
            </Trans>
          </p>
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">
              <Trans>Rows per table</Trans>
            </summary>
            <ul className="mt-2 grid grid-cols-1 gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
              {backup.tables
                .filter((table) => table.rows > 0)
                .map((table) => (
                  <li key={table.table} className="flex justify-between gap-2 font-mono text-xs">
                    <span className="truncate">{table.table}</span>
                    <span>{formatNumber(table.rows)}</span>
                  </li>
                ))}
            </ul>
          </details>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={`/api/backups/${backup.id}/download`} download>
                <Download />
                <Trans>Download</Trans>
              </a>
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={verify.isPending || backup.verifyStatus === 'queued'}
              onClick={() => verify.mutate(backup.id)}
            >
              <ShieldCheck />
              <Trans>Verify</Trans>
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={restore.isPending || restoring}
              onClick={() => restore.mutate(backup.id)}
            >
              <RotateCcw />
              <Trans>Restore to a new workspace</Trans>
            </Button>
          </div>
          <RestoreState backup={backup} />
        </>
      ) : null}
    </li>
  );
}

function RestoreState({ backup }: { backup: Backup }) {
  const restore = backup.lastRestore;
  if (!restore) return null;
  if (restore.status === 'completed')
    return (
      <p className="text-sm">
        <Trans>
          Restored and verified into workspace #{restore.newWorkspaceId}; switch to it from your workspaces.
        </Trans>
      </p>
    );
  if (restore.status === 'failed')
    return (
      <p className="text-sm text-destructive">
        <Trans>Restore failed: {restore.error}</Trans>
      </p>
    );
  return (
    <p className="text-sm text-muted-foreground">
      <Trans>Restoring…</Trans>
    </p>
  );
}
