import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { toastError } from '@client/lib/error-toast';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { DownloadButton } from './download-button';
import { useTestWebhook } from './webhooks-api';

/** An application's config and snippet downloads and its test webhook. */
export function AppActions({ appId, name, canWrite }: { appId: number; name: string; canWrite: boolean }) {
  const { t } = useLingui();
  const test = useTestWebhook();
  const send = () =>
    test.mutate(
      { appId, message: t`Test webhook from Business Hub` },
      {
        onSuccess: (result) =>
          result.success
            ? toast({ title: t`Webhook Test Sent`, description: t`Test webhook sent to ${name}` })
            : toastError(t`Test Failed`, undefined, t`Failed to send test webhook to ${name}`),
        onError: () => toastError(t`Test Failed`, undefined, t`Failed to send test webhook to ${name}`),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <DownloadButton href={`/api/webhook-config/${appId}/download`} enabled={canWrite} label={t`Config`} />
      <DownloadButton href={`/api/webhook-snippet/${appId}/download`} enabled={canWrite} label={t`Snippet`} />
      <Button size="sm" onClick={send} disabled={!canWrite || test.isPending}>
        <Send aria-hidden="true" />
        <Trans>Test</Trans>
      </Button>
    </div>
  );
}
