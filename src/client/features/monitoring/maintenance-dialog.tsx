import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { FormField } from '@client/components/form/form-field';
import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import { applyServerErrors, checkedByServer } from '@client/lib/form';
import { instantOf, localInputValue } from '@client/lib/local-time';
import { maintenanceWindowCreateSchema } from '@domain/monitoring/incident-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AppChoice } from './monitor-dialog';
import { useAddMaintenanceWindow, useMaintenanceWindows, useRemoveMaintenanceWindow } from './monitoring-api';

type MaintenanceWindow = { id: number; startsAt: string; endsAt: string; reason: string };

/** What the inputs hold: local wall-clock times as typed (the user's time zone) and the reason. */
const windowFields = z.object({ start: z.string(), end: z.string(), reason: z.string() });
type WindowFormValues = z.infer<typeof windowFields>;
const payloadOf = (values: WindowFormValues) => ({
  startsAt: instantOf(values.start),
  endsAt: instantOf(values.end),
  reason: values.reason,
});
const fieldFor = { startsAt: 'start', endsAt: 'end' } as const;
const schema = checkedByServer(windowFields, maintenanceWindowCreateSchema, payloadOf, fieldFor);

const hourMs = 3_600_000;
/** A new window starts at the next full hour and lasts two hours. */
function defaultWindow(): WindowFormValues {
  const start = new Date(Math.ceil(Date.now() / hourMs) * hourMs);
  return {
    start: localInputValue(start),
    end: localInputValue(new Date(start.getTime() + 2 * hourMs)),
    reason: '',
  };
}

/**
 * An app's maintenance windows, upcoming and past: no incident opens inside one and its time is left out
 * of availability. Owners and admins add and remove them; others read.
 */
export function MaintenanceDialog({
  app,
  canWrite,
  onClose,
}: {
  app: AppChoice;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const windows = useMaintenanceWindows(app.id);
  const { name } = app;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto" data-maintenance-dialog>
        <DialogHeader>
          <DialogTitle>{t`Maintenance of ${name}`}</DialogTitle>
          <DialogDescription>
            <Trans>
              No incident opens during a maintenance window, and its time is left out of the app's
              availability. Times are in your time zone.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        {canWrite && <AddWindowForm app={app} />}
        <QueryState
          query={windows}
          loading={<Skeleton className="h-24" />}
          errorTitle={<Trans>Maintenance windows could not be loaded.</Trans>}
        >
          {(list) => <WindowLists app={app} windows={list} canWrite={canWrite} />}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

function AddWindowForm({ app }: { app: AppChoice }) {
  const { t } = useLingui();
  const add = useAddMaintenanceWindow(app.id);
  const form = useForm<WindowFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: defaultWindow(),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await add.mutateAsync(payloadOf(values));
      const start = formatDateTime(saved.startsAt);
      const end = formatDateTime(saved.endsAt);
      toast({ title: t`Maintenance window added`, description: t`${start} to ${end}` });
      form.reset(defaultWindow());
    } catch (error) {
      applyServerErrors(error, form, fieldFor);
    }
  });
  const hasFieldError = Object.keys(errors).length > 0;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-md border p-3"
      aria-label={t`New maintenance window`}
      data-maintenance-form
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={<Trans>Starts</Trans>} error={errors.start?.message}>
          {(id, invalid) => (
            <Input id={id} type="datetime-local" aria-invalid={invalid} {...form.register('start')} />
          )}
        </FormField>
        <FormField label={<Trans>Ends</Trans>} error={errors.end?.message}>
          {(id, invalid) => (
            <Input id={id} type="datetime-local" aria-invalid={invalid} {...form.register('end')} />
          )}
        </FormField>
      </div>
      <FormField label={<Trans>Reason</Trans>} error={errors.reason?.message}>
        {(id, invalid) => (
          <Input
            id={id}
            aria-invalid={invalid}
            placeholder={t`Database upgrade`}
            {...form.register('reason')}
          />
        )}
      </FormField>
      {add.error && !hasFieldError && (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(add.error)}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending}>
          <Plus aria-hidden="true" />
          <Trans>Add window</Trans>
        </Button>
      </div>
    </form>
  );
}

function WindowLists({
  app,
  windows,
  canWrite,
}: {
  app: AppChoice;
  windows: MaintenanceWindow[];
  canWrite: boolean;
}) {
  const now = Date.now();
  // The API lists the newest first; upcoming ones read soonest first.
  const upcoming = windows.filter((w) => Date.parse(w.endsAt) > now).reverse();
  const past = windows.filter((w) => Date.parse(w.endsAt) <= now);
  return (
    <div className="space-y-4">
      <WindowList
        title={<Trans>Upcoming and current</Trans>}
        empty={<Trans>No maintenance planned.</Trans>}
        windows={upcoming}
        app={app}
        canWrite={canWrite}
        kind="upcoming"
      />
      <WindowList
        title={<Trans>Past</Trans>}
        empty={<Trans>No past maintenance.</Trans>}
        windows={past}
        app={app}
        canWrite={canWrite}
        kind="past"
      />
    </div>
  );
}

function WindowList({
  title,
  empty,
  windows,
  app,
  canWrite,
  kind,
}: {
  title: ReactNode;
  empty: ReactNode;
  windows: MaintenanceWindow[];
  app: AppChoice;
  canWrite: boolean;
  kind: 'upcoming' | 'past';
}) {
  return (
    <section className="space-y-2" data-maintenance-list={kind}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {windows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {windows.map((w) => (
            <li key={w.id} className="flex items-start gap-2 p-2 text-sm" data-maintenance-window={w.id}>
              <div className="min-w-0 flex-1">
                <WindowSpan maintenance={w} />
                {w.reason && <p className="break-words text-muted-foreground">{w.reason}</p>}
              </div>
              {canWrite && <RemoveWindowButton app={app} maintenance={w} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WindowSpan({ maintenance }: { maintenance: MaintenanceWindow }) {
  const start = formatDateTime(maintenance.startsAt);
  const end = formatDateTime(maintenance.endsAt);
  return (
    <p>
      <Trans>
        {start} to {end}
      </Trans>
    </p>
  );
}

function RemoveWindowButton({ app, maintenance }: { app: AppChoice; maintenance: MaintenanceWindow }) {
  const { t } = useLingui();
  const remove = useRemoveMaintenanceWindow(app.id);
  const starts = formatDateTime(maintenance.startsAt);
  const { name } = app;
  return (
    <ConfirmDeleteDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={t`Remove the maintenance window of ${starts}`}>
          <Trash2 className="text-destructive" />
        </Button>
      }
      title={<Trans>Remove this maintenance window of {name}?</Trans>}
      description={
        <Trans>
          The window starting {starts} is deleted; its time counts in the app's availability again.
        </Trans>
      }
      confirmLabel={<Trans>Remove</Trans>}
      onConfirm={() => remove.mutateAsync(maintenance.id)}
      errorTitle={t`Could not remove the maintenance window`}
      onDone={() => toast({ title: t`Maintenance window removed`, description: starts })}
    />
  );
}
