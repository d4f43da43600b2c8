import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { FormDialogFooter } from '@client/components/form/form-dialog-footer';
import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { StatusBadge } from '@client/components/status-badge';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { formatNumber } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { errorMessage } from '@client/lib/api';
import { applyServerErrors, checkedByServer } from '@client/lib/form';
import { type Monitor, monitorCreateSchema, monitorEditSchema } from '@domain/monitoring/monitoring-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useAddMonitor, useEditMonitor, useMonitors, useRemoveMonitor } from './monitoring-api';

const percent = (value: number | null) =>
  value === null ? '—' : formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });
const seconds = (value: number) =>
  formatNumber(value, { style: 'unit', unit: 'second', unitDisplay: 'short' });
const millis = (value: number) =>
  formatNumber(value, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' });

type AppChoice = { id: number; name: string };

/**
 * The Monitors card of Central Monitoring (as in Uptime Kuma): every URL the hub probes, with its timing,
 * status, uptime and last response time. Owners and admins add, edit and remove; everyone else reads.
 */
export function MonitorsCard({
  demo,
  canWrite,
  apps,
}: {
  demo: boolean;
  canWrite: boolean;
  apps: AppChoice[];
}) {
  const { t } = useLingui();
  const monitors = useMonitors(demo);
  // undefined: dialog closed; null: adding; a monitor: editing it.
  const [editing, setEditing] = useState<Monitor | null | undefined>(undefined);

  return (
    <Card data-monitors-card>
      <CardHeader className="flex flex-row flex-wrap items-start gap-2 space-y-0">
        <div className="min-w-0 flex-1 space-y-1.5">
          <CardTitle>
            <Trans>Monitors</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              Every app's own URL is checked on its interval; add more URLs of an app to watch them too.
            </Trans>
          </CardDescription>
        </div>
        {canWrite && apps.length > 0 && (
          <Button variant="outline" onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" />
            <Trans>Add monitor</Trans>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {monitors.isLoading ? (
          <Skeleton className="h-24" />
        ) : monitors.isError || !monitors.data ? (
          <p role="alert" className="text-sm text-destructive">
            <Trans>Monitors could not be loaded.</Trans>
          </p>
        ) : monitors.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No monitors yet: each app gets one when it is added.</Trans>
          </p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>
                  <Trans>Monitor</Trans>
                </TableHead>
                <TableHead className="hidden md:table-cell">
                  <Trans>Interval</Trans>
                </TableHead>
                <TableHead className="hidden md:table-cell">
                  <Trans>Timeout</Trans>
                </TableHead>
                <TableHead className="hidden sm:table-cell">
                  <Trans>Status</Trans>
                </TableHead>
                <TableHead className="hidden text-end sm:table-cell">
                  <Trans>24 hours</Trans>
                </TableHead>
                <TableHead className="hidden text-end sm:table-cell">
                  <Trans>30 days</Trans>
                </TableHead>
                <TableHead className="hidden text-end lg:table-cell">
                  <Trans>Response</Trans>
                </TableHead>
                {canWrite && (
                  <TableHead className="text-end">
                    <span className="sr-only sm:not-sr-only">
                      <Trans>Actions</Trans>
                    </span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {monitors.data.map((monitor) => (
                <MonitorRow
                  key={monitor.id}
                  monitor={monitor}
                  canWrite={canWrite}
                  onEdit={() => setEditing(monitor)}
                />
              ))}
            </TableBody>
          </Table>
        )}
        {!canWrite && !demo && (
          <p className="mt-3 text-xs text-muted-foreground">
            <Trans>Only owners and admins can change monitors.</Trans>
          </p>
        )}
      </CardContent>
      {editing !== undefined && (
        <MonitorDialog
          monitor={editing}
          apps={apps}
          onClose={() => setEditing(undefined)}
          title={editing ? t`Edit monitor` : t`Add monitor`}
        />
      )}
    </Card>
  );
}

function MonitorStatus({ status }: { status: Monitor['status'] }) {
  if (status === 'up')
    return (
      <StatusBadge tone="ok">
        <Trans>Up</Trans>
      </StatusBadge>
    );
  if (status === 'down')
    return (
      <StatusBadge tone="bad">
        <Trans>Down</Trans>
      </StatusBadge>
    );
  return (
    <StatusBadge tone="neutral">
      <Trans>Pending</Trans>
    </StatusBadge>
  );
}

function MonitorRow({
  monitor,
  canWrite,
  onEdit,
}: {
  monitor: Monitor;
  canWrite: boolean;
  onEdit: () => void;
}) {
  const { t } = useLingui();
  const { appName, url } = monitor;
  const interval = seconds(monitor.intervalSeconds);
  const timeout = millis(monitor.timeoutMs);
  return (
    <TableRow data-monitor={monitor.id}>
      <TableCell className="min-w-40">
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="font-medium">{appName}</span>
          <span className="sm:hidden">
            <MonitorStatus status={monitor.status} />
          </span>
          {monitor.isDefault && (
            <Badge variant="outline" className="font-normal">
              <Trans>App URL</Trans>
            </Badge>
          )}
        </div>
        <span className="block break-all text-xs text-muted-foreground">{url}</span>
        {/* On a narrow screen the timing and uptime go under the URL. */}
        <span className="block text-xs text-muted-foreground md:hidden">
          <Trans>
            every {interval} · timeout {timeout}
          </Trans>
        </span>
        <span className="block text-xs text-muted-foreground sm:hidden">
          <Trans>
            24 h {percent(monitor.uptime24h)} · 30 days {percent(monitor.uptime30d)}
          </Trans>
        </span>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">{interval}</TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">{timeout}</TableCell>
      <TableCell className="hidden sm:table-cell">
        <span
          title={monitor.lastError ? messageRefText(monitor.lastErrorMessage, monitor.lastError) : undefined}
        >
          <MonitorStatus status={monitor.status} />
        </span>
      </TableCell>
      <TableCell className="hidden text-end sm:table-cell">{percent(monitor.uptime24h)}</TableCell>
      <TableCell className="hidden text-end sm:table-cell">{percent(monitor.uptime30d)}</TableCell>
      <TableCell className="hidden whitespace-nowrap text-end lg:table-cell">
        {monitor.lastResponseMs === null ? '—' : millis(monitor.lastResponseMs)}
      </TableCell>
      {canWrite && (
        <TableCell className="text-end">
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="icon" aria-label={t`Edit monitor ${url}`} onClick={onEdit}>
              <Pencil />
            </Button>
            {!monitor.isDefault && <RemoveMonitorButton monitor={monitor} />}
          </div>
        </TableCell>
      )}
    </TableRow>
  );
}

/** What the inputs hold, as typed; the server's own schemas check what they become. */
const monitorFields = z.object({
  appId: z.string(),
  url: z.string(),
  intervalSeconds: z.string(),
  timeoutMs: z.string(),
});
type MonitorFormValues = z.infer<typeof monitorFields>;
const timing = (values: MonitorFormValues) => ({
  intervalSeconds: Number(values.intervalSeconds),
  timeoutMs: Number(values.timeoutMs),
});
const createPayload = (values: MonitorFormValues) => ({
  appId: Number(values.appId),
  url: values.url,
  ...timing(values),
});
/** An app's own monitor sends no URL: it follows the app's. */
const editPayload = (isDefault: boolean) => (values: MonitorFormValues) =>
  isDefault ? timing(values) : { url: values.url, ...timing(values) };

function MonitorDialog({
  monitor,
  apps,
  title,
  onClose,
}: {
  monitor: Monitor | null;
  apps: AppChoice[];
  title: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const isDefault = monitor?.isDefault ?? false;
  const toPayload = monitor ? editPayload(isDefault) : createPayload;
  const schema = checkedByServer(monitorFields, monitor ? monitorEditSchema : monitorCreateSchema, toPayload);
  const form = useForm<MonitorFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: {
      appId: String(monitor?.appId ?? apps[0]?.id ?? ''),
      url: monitor?.url ?? '',
      intervalSeconds: String(monitor?.intervalSeconds ?? 60),
      timeoutMs: String(monitor?.timeoutMs ?? 10_000),
    },
  });
  const { errors } = form.formState;
  const add = useAddMonitor();
  const edit = useEditMonitor();
  const save = monitor ? edit : add;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = monitor
        ? await edit.mutateAsync({ id: monitor.id, ...editPayload(isDefault)(values) })
        : await add.mutateAsync(createPayload(values));
      toast({ title: monitor ? t`Monitor updated` : t`Monitor added`, description: saved.url });
      onClose();
    } catch (error) {
      // Field errors go under their inputs; anything else is shown in the dialog from the mutation's state.
      applyServerErrors(error, form);
    }
  });
  const hasFieldError = Object.keys(errors).length > 0;
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            <Trans>
              The hub sends a GET to the URL on every interval; an answer below 400 within the timeout counts
              as up.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {monitor ? (
            <p className="text-sm">
              <span className="text-muted-foreground">
                <Trans>App</Trans>
              </span>{' '}
              <span className="font-medium">{monitor.appName}</span>
            </p>
          ) : (
            <SelectField
              control={form.control}
              name="appId"
              label={<Trans>App</Trans>}
              error={errors.appId?.message}
              options={apps.map((app) => ({ value: String(app.id), label: app.name }))}
            />
          )}
          <FormField label={<Trans>URL</Trans>} error={errors.url?.message}>
            {(id, invalid) => (
              <>
                <Input
                  id={id}
                  type="url"
                  inputMode="url"
                  aria-invalid={invalid}
                  readOnly={isDefault}
                  placeholder={t`https://example.com/health`}
                  {...form.register('url')}
                />
                {isDefault && (
                  <p className="text-xs text-muted-foreground">
                    <Trans>The app's own monitor checks the URL set in the app's settings.</Trans>
                  </p>
                )}
              </>
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={<Trans>Interval (seconds)</Trans>} error={errors.intervalSeconds?.message}>
              {(id, invalid) => (
                <Input
                  id={id}
                  type="number"
                  min={60}
                  max={86400}
                  aria-invalid={invalid}
                  {...form.register('intervalSeconds')}
                />
              )}
            </FormField>
            <FormField label={<Trans>Timeout (milliseconds)</Trans>} error={errors.timeoutMs?.message}>
              {(id, invalid) => (
                <Input
                  id={id}
                  type="number"
                  min={1000}
                  max={60000}
                  step={500}
                  aria-invalid={invalid}
                  {...form.register('timeoutMs')}
                />
              )}
            </FormField>
          </div>
          <FormDialogFooter
            error={save.error && !hasFieldError && errorMessage(save.error)}
            onCancel={onClose}
            pending={save.isPending}
          >
            {monitor ? t`Save changes` : t`Add monitor`}
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemoveMonitorButton({ monitor }: { monitor: Monitor }) {
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
