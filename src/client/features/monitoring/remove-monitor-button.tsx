import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import type { Monitor } from '@domain/monitoring/monitoring-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useRemoveMonitor } from './monitoring-api';

/** Removes a monitor (not an app's own) after a confirmation. */
export function RemoveMonitorButton({ monitor }: { monitor: Monitor }) {
  const remove = useRemoveMonitor();
  const { t } = useLingui();
  const { url, appName } = monitor;
  return (
    <ConfirmDeleteDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={t`Remove monitor ${url}`}>
          <Trash2 className="text-destructive" />
        </Button>
      }
      title={<Trans>Remove this monitor of {appName}?</Trans>}
      description={<Trans>{url} is no longer checked, and its uptime history is deleted.</Trans>}
      confirmLabel={<Trans>Remove</Trans>}
      onConfirm={() => remove.mutateAsync(monitor.id)}
      errorTitle={t`Could not remove monitor`}
      onDone={() => toast({ title: t`Monitor removed`, description: url })}
    />
  );
}
