import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/i18n/format';
import { apiRequest, errorMessage } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { refreshAuthUser, useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { PauseCircle, Play } from 'lucide-react';

/**
 * Above every signed-in screen of a workspace restored from a backup and not started yet: what waits for
 * whom, and (for owners and admins) the one action that starts its schedules again.
 */
export function RestoredWorkspaceBanner() {
  const { t } = useLingui();
  const { user } = useAuth();
  const start = useMutation({
    mutationFn: () => apiRequest('POST', '/api/backups/restored-workspace/start'),
    onSuccess: async () => {
      await refreshAuthUser();
      toast({ title: t`Workspace started` });
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  const heldSince = user?.workspace.heldSince;
  if (!user || !heldSince) return null;
  const canStart = hasRole(user.role, 'admin');
  const when = formatDateTime(heldSince);
  return (
    <section
      aria-labelledby="restored-workspace-title"
      className="flex flex-wrap items-start gap-3 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="restored-workspace-banner"
    >
      <PauseCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 basis-72 space-y-1">
        <p id="restored-workspace-title" className="font-semibold">
          <Trans>Restored from a backup on {when}: not started yet</Trans>
        </p>
        <p>
          <Trans>
            Nothing in this workspace runs by itself until it is started: scheduled crawls, Search Console
            syncs, uptime probes, mailbox syncs and succession checks wait. What was under way when the backup
            was taken stays stopped: campaigns and workflows are paused, and crawls, imports, collections,
            integrations and webhook deliveries show why they stopped.
          </Trans>
        </p>
        {!canStart && (
          <p>
            <Trans>An owner or admin can start it.</Trans>
          </p>
        )}
      </div>
      {canStart && (
        <Button size="sm" onClick={() => start.mutate()} disabled={start.isPending}>
          <Play />
          <Trans>Start workspace</Trans>
        </Button>
      )}
    </section>
  );
}
