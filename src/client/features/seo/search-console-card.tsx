import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { FormField } from '@client/components/form/form-field';
import { QueryError } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { formatDateTime } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { ApiError, errorMessage } from '@client/lib/api';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import {
  type SearchConsoleForm,
  searchConsoleFormSchema,
  type searchConsoleStatuses,
} from '@domain/seo/seo-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useConnectSearchConsole, useDisconnectSearchConsole, useSearchConsole } from './seo-api';

type Website = { websiteId: number; name: string; domain: string };

const statusLabels: Record<(typeof searchConsoleStatuses)[number], MessageDescriptor> = {
  pending: msg`Waiting for the first sync`,
  ok: msg`Synced`,
  unauthorized: msg`Google refused the key`,
  forbidden: msg`The account cannot read this property`,
  rate_limited: msg`Rate limited; it will retry`,
  failed: msg`The last sync failed`,
};

/**
 * The Google Search Console connection (issue 13 §2): which service account reads the ranks, each
 * website's property and how its last sync went. Admins connect, change and disconnect; others read.
 */
export function SearchConsoleCard({ websites }: { websites: Website[] }) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const canEdit = user !== null && hasRole(user.role, 'admin');
  const status = useSearchConsole();
  const disconnect = useDisconnectSearchConsole();
  const [open, setOpen] = useState(false);
  const connection = status.data;
  const nameOf = (websiteId: number) => websites.find((w) => w.websiteId === websiteId)?.name ?? '';

  return (
    <Card data-testid="search-console">
      <CardHeader className="space-y-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Search className="h-4 w-4" aria-hidden="true" />
          <Trans>Google Search Console</Trans>
        </CardTitle>
        <CardDescription>
          {connection?.connected ? (
            <Trans>
              Connected as {connection.clientEmail} since {formatDateTime(connection.connectedAt ?? '')}.
              Keyword ranks are read daily and after each crawl.
            </Trans>
          ) : (
            <Trans>
              Not connected: keyword rank is not measured. Connect a service account that can read your
              properties to see each keyword's position.
            </Trans>
          )}
        </CardDescription>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            {/* Keyed by state: a new button, not one fading from primary to outline (mid-fade it fails contrast). */}
            <Button
              key={connection?.connected ? 'change' : 'connect'}
              size="sm"
              variant={connection?.connected ? 'outline' : 'default'}
              onClick={() => setOpen(true)}
            >
              {connection?.connected ? <Trans>Change connection</Trans> : <Trans>Connect</Trans>}
            </Button>
            {connection?.connected && (
              <ConfirmDeleteDialog
                trigger={
                  <Button size="sm" variant="ghost">
                    <Trans>Disconnect</Trans>
                  </Button>
                }
                title={<Trans>Disconnect Google Search Console?</Trans>}
                description={
                  <Trans>The key is forgotten and the keyword ranks read so far are removed.</Trans>
                }
                confirmLabel={<Trans>Disconnect</Trans>}
                onConfirm={() => disconnect.mutateAsync()}
                errorTitle={t`Could not disconnect`}
              />
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>Only admins can connect Search Console.</Trans>
          </p>
        )}
      </CardHeader>
      {status.error && (
        <CardContent>
          <QueryError error={status.error} onRetry={status.refetch} />
        </CardContent>
      )}
      {connection?.connected && (
        <CardContent>
          <ul className="divide-y text-sm" data-testid="search-console-sites">
            {connection.sites.map((site) => (
              <li key={site.websiteId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium">{nameOf(site.websiteId)}</p>
                  <p className="break-all text-xs text-muted-foreground" dir="ltr">
                    {site.property}
                  </p>
                  {site.error && (
                    <p className="text-xs text-destructive">
                      {messageRefText(site.errorMessage, site.error)}
                    </p>
                  )}
                </div>
                <div className="text-end">
                  <Badge
                    variant={
                      site.status === 'ok'
                        ? 'secondary'
                        : site.status === 'pending'
                          ? 'outline'
                          : 'destructive'
                    }
                  >
                    {i18n._(statusLabels[site.status])}
                  </Badge>
                  {site.syncedAt && (
                    <p className="text-xs text-muted-foreground">
                      <Trans>Synced {formatDateTime(site.syncedAt)}</Trans>
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl" data-testid="search-console-dialog">
          <DialogHeader>
            <DialogTitle>
              <Trans>Connect Google Search Console</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                Create a service account with a JSON key in Google Cloud, enable the Search Console API, and
                add the account's email as a user of each property. The private key is stored encrypted and
                never shown again.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          {/* Mounted only while open: each opening starts with an empty key and the saved properties. */}
          {open && (
            <ConnectForm websites={websites} saved={connection?.sites ?? []} onDone={() => setOpen(false)} />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function ConnectForm({
  websites,
  saved,
  onDone,
}: {
  websites: Website[];
  saved: { websiteId: number; property: string }[];
  onDone: () => void;
}) {
  const { t } = useLingui();
  const connect = useConnectSearchConsole();
  const form = useForm<SearchConsoleForm>({
    resolver: zodResolver(searchConsoleFormSchema),
    defaultValues: {
      keyJson: '',
      properties: websites.map((w) => ({
        websiteId: w.websiteId,
        property: saved.find((s) => s.websiteId === w.websiteId)?.property ?? `sc-domain:${w.domain}`,
      })),
    },
  });
  const { errors } = form.formState;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) form.setValue('keyJson', await file.text(), { shouldValidate: true });
  };

  const submit = form.handleSubmit((values) =>
    connect.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const issue of error.fieldIssues()) {
          const property = /^properties\.(\d+)/.exec(issue.path);
          if (issue.path.startsWith('serviceAccountKey'))
            form.setError('keyJson', { message: issue.message });
          else if (property)
            form.setError(`properties.${Number(property[1])}.property`, { message: issue.message });
        }
      },
    }),
  );
  const unplaced =
    connect.error instanceof ApiError && connect.error.issues.some((i) => i.path !== '')
      ? null
      : connect.error && errorMessage(connect.error);

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset disabled={connect.isPending} className="space-y-4">
        <FormField label={<Trans>Service account key (JSON)</Trans>} error={errors.keyJson?.message}>
          {(id, invalid) => (
            <div className="space-y-2">
              <Textarea
                id={id}
                dir="ltr"
                rows={5}
                spellCheck={false}
                autoComplete="off"
                className="font-mono text-xs"
                placeholder={t`Paste the key file, or choose it below`}
                aria-invalid={invalid || undefined}
                {...form.register('keyJson')}
              />
              <Input
                type="file"
                accept="application/json,.json"
                aria-label={t`Choose the key file`}
                onChange={(event) => void readFile(event)}
              />
            </div>
          )}
        </FormField>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">
            <Trans>Property of each website</Trans>
          </legend>
          {websites.map((website, index) => (
            <FormField
              key={website.websiteId}
              label={website.name}
              error={errors.properties?.[index]?.property?.message}
            >
              {(id, invalid) => (
                <Input
                  id={id}
                  dir="ltr"
                  aria-invalid={invalid || undefined}
                  {...form.register(`properties.${index}.property`)}
                />
              )}
            </FormField>
          ))}
        </fieldset>
      </fieldset>
      {unplaced && (
        <p role="alert" className="text-sm text-destructive">
          {unplaced}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? <Trans>Connecting...</Trans> : <Trans>Connect</Trans>}
        </Button>
      </DialogFooter>
    </form>
  );
}
