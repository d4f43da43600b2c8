import { FormDialog } from '@client/components/form/form-dialog';
import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api';
import { applyServerErrors, checkedByServer } from '@client/lib/form';
import {
  type Monitor,
  minIntervalSeconds,
  monitorCreateSchema,
  monitorEditSchema,
} from '@domain/monitoring/monitoring-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useAddMonitor, useEditMonitor } from './monitoring-api';

/** An app a monitor can be added to. */
export type AppChoice = { id: number; name: string };

/** What the inputs hold, as typed; the server's own schemas check what they become. */
const monitorFields = z.object({
  appId: z.string(),
  url: z.string(),
  intervalSeconds: z.string(),
  timeoutMs: z.string(),
  failuresToDown: z.string(),
  /** Comma-separated probe locations. */
  locations: z.string(),
});
type MonitorFormValues = z.infer<typeof monitorFields>;
const timing = (values: MonitorFormValues) => ({
  intervalSeconds: Number(values.intervalSeconds),
  timeoutMs: Number(values.timeoutMs),
});
/** When it counts as down: failed rounds in a row, and where it probes from. */
const downRule = (values: MonitorFormValues) => ({
  failuresToDown: Number(values.failuresToDown),
  locations: values.locations
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== ''),
});
const createPayload = (values: MonitorFormValues) => ({
  appId: Number(values.appId),
  url: values.url,
  ...timing(values),
  ...downRule(values),
});
/** An app's own monitor sends no URL: it follows the app's. */
const editPayload = (isDefault: boolean) => (values: MonitorFormValues) =>
  isDefault
    ? { ...timing(values), ...downRule(values) }
    : { url: values.url, ...timing(values), ...downRule(values) };

/** The first message of a field's error, or of one of its items' (`locations.1`). */
function firstMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const [key, item] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstMessage(item);
    if (found) return found;
  }
  return undefined;
}

/** Adds a monitor to one of `apps`, or edits `monitor`. */
export function MonitorDialog({
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
      failuresToDown: String(monitor?.failuresToDown ?? 2),
      locations: (monitor?.locations ?? ['local']).join(', '),
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
    <FormDialog
      onClose={onClose}
      title={title}
      description={
        <Trans>
          The hub sends a GET to the URL on every interval; an answer below 400 within the timeout counts as
          up.
        </Trans>
      }
      onSubmit={submit}
      pending={save.isPending}
      error={save.error && !hasFieldError && errorMessage(save.error)}
      submitLabel={monitor ? t`Save changes` : t`Add monitor`}
    >
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
              min={minIntervalSeconds}
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
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={<Trans>Failed rounds before down</Trans>} error={errors.failuresToDown?.message}>
          {(id, invalid) => (
            <Input
              id={id}
              type="number"
              min={1}
              max={10}
              aria-invalid={invalid}
              {...form.register('failuresToDown')}
            />
          )}
        </FormField>
        <FormField label={<Trans>Probe locations</Trans>} error={firstMessage(errors.locations)}>
          {(id, invalid) => (
            <>
              <Input id={id} aria-invalid={invalid} {...form.register('locations')} />
              <p className="text-xs text-muted-foreground">
                <Trans>Comma-separated, up to 5; with several, a round fails when two agree.</Trans>
              </p>
            </>
          )}
        </FormField>
      </div>
    </FormDialog>
  );
}
