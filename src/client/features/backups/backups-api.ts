import { toast } from '@client/components/ui/use-toast';
import { errorMessage, requestJson } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { queryClient } from '@client/lib/query-client';
import { type Backup, backupListSchema, runBackupResultSchema } from '@domain/backups/backup-schemas';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

const listKey = ['/api/backups'] as const;

/** Something is still happening to a backup: the list polls until it is done. */
function busy(backup: Backup): boolean {
  return (
    backup.status === 'queued' ||
    backup.status === 'running' ||
    backup.verifyStatus === 'queued' ||
    backup.lastRestore?.status === 'queued' ||
    backup.lastRestore?.status === 'running'
  );
}

export function useBackups({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: listKey,
    enabled,
    queryFn: () => requestJson(backupListSchema, 'GET', '/api/backups'),
    refetchInterval: (query) => (query.state.data?.some(busy) ? 1000 : false),
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });

function useBackupAction(url: (id: number) => string, done: ReturnType<typeof msg>) {
  const { i18n } = useLingui();
  return useMutation({
    mutationFn: (id: number) => requestJson(z.unknown(), 'POST', url(id)),
    onSuccess: () => {
      toast({ title: i18n._(done) });
      return refresh();
    },
    onError: (error) => toastError(errorMessage(error)),
  });
}

export const useVerifyBackup = () =>
  useBackupAction((id) => `/api/backups/${id}/verify`, msg`Verification started`);
export const useRestoreBackup = () =>
  useBackupAction((id) => `/api/backups/${id}/restore`, msg`Restore started`);

export function useStartBackup() {
  return useMutation({
    mutationFn: () => requestJson(z.unknown(), 'POST', '/api/backups'),
    onSuccess: refresh,
    onError: (error) => toastError(errorMessage(error)),
  });
}

/**
 * Spec 001 §7/§9 and spec 000 §2.3: 'Backup Initiated', then `GET /run/backup` (which answers when the
 * backup is done) and the spec's three outcomes.
 */
export function useRunBackupNow() {
  const { t } = useLingui();
  return useMutation({
    mutationFn: async () => {
      toast({ title: t`Backup Initiated`, description: t`A full backup of this workspace is running.` });
      return requestJson(runBackupResultSchema, 'GET', '/run/backup');
    },
    onSuccess: (result) => {
      if (result.status === 'success') toast({ title: t`Backup completed successfully!` });
      else toastError(t`Backup failed: ${result.message}`);
      return refresh();
    },
    onError: () => toastError(t`Backup request failed`),
  });
}
