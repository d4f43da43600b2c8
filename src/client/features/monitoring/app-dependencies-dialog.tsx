import { FormDialog } from '@client/components/form/form-dialog';
import { QueryState } from '@client/components/query-state';
import { Checkbox } from '@client/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { fieldMessage } from '@client/i18n/field-message';
import { errorMessage } from '@client/lib/api';
import { applyServerErrors } from '@client/lib/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { AppChoice } from './monitor-dialog';
import { useAppDependencies, useSaveAppDependencies } from './monitoring-api';

type DependenciesForm = { dependsOn: number[] };

const description = (
  <Trans>
    While an app it depends on is down, this app's incidents open suppressed: the team hears once, about the
    root cause.
  </Trans>
);

/** The apps `app` depends on: owners and admins tick them (a cycle is refused on the field); others read. */
export function AppDependenciesDialog({
  app,
  apps,
  canWrite,
  onClose,
}: {
  app: AppChoice;
  apps: AppChoice[];
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const dependencies = useAppDependencies(app.id);
  const { name } = app;
  const title = t`Dependencies of ${name}`;
  if (!canWrite || !dependencies.data)
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent data-dependencies-dialog>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <QueryState
            query={dependencies}
            loading={<Skeleton className="h-16" />}
            errorTitle={<Trans>Dependencies could not be loaded.</Trans>}
          >
            {(data) => <DependencyNames ids={data.dependsOn} apps={apps} />}
          </QueryState>
        </DialogContent>
      </Dialog>
    );
  return (
    <DependenciesEditor
      app={app}
      apps={apps}
      title={title}
      initial={dependencies.data.dependsOn}
      onClose={onClose}
    />
  );
}

function DependencyNames({ ids, apps }: { ids: number[]; apps: AppChoice[] }) {
  if (ids.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>This app depends on no other app.</Trans>
      </p>
    );
  return (
    <ul className="list-disc space-y-1 ps-5 text-sm" data-dependency-names>
      {ids.map((id) => (
        <li key={id}>{apps.find((a) => a.id === id)?.name ?? `#${id}`}</li>
      ))}
    </ul>
  );
}

function DependenciesEditor({
  app,
  apps,
  title,
  initial,
  onClose,
}: {
  app: AppChoice;
  apps: AppChoice[];
  title: string;
  initial: number[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const errorId = useId();
  const form = useForm<DependenciesForm>({ defaultValues: { dependsOn: initial } });
  const save = useSaveAppDependencies(app.id);
  const chosen = form.watch('dependsOn');
  const error = form.formState.errors.dependsOn?.message;
  const toggle = (id: number, on: boolean) => {
    // A changed choice is a new question: the last answer's error goes.
    form.clearErrors('dependsOn');
    save.reset();
    form.setValue('dependsOn', on ? [...chosen, id] : chosen.filter((c) => c !== id));
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast({ title: t`Dependencies saved`, description: app.name });
      onClose();
    } catch (failure) {
      applyServerErrors(failure, form);
    }
  });
  const others = apps.filter((a) => a.id !== app.id);
  const { name } = app;
  return (
    <FormDialog
      onClose={onClose}
      title={title}
      description={description}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error && !error && errorMessage(save.error)}
      submitLabel={<Trans>Save dependencies</Trans>}
    >
      <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2" data-dependencies-field>
        <legend className="text-sm font-medium">
          <Trans>{name} depends on</Trans>
        </legend>
        {others.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>There is no other app to depend on.</Trans>
          </p>
        ) : (
          <div className="grid max-h-64 grid-cols-1 gap-2 overflow-y-auto sm:grid-cols-2">
            {others.map((other) => (
              <DependencyCheckbox
                key={other.id}
                app={other}
                checked={chosen.includes(other.id)}
                onChange={(on) => toggle(other.id, on)}
              />
            ))}
          </div>
        )}
        {error && (
          <p id={errorId} className="text-xs text-destructive" role="alert">
            {fieldMessage(error)}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}

function DependencyCheckbox({
  app,
  checked,
  onChange,
}: {
  app: AppChoice;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(c) => onChange(c === true)} />
      <label htmlFor={id} className="min-w-0 break-words text-sm">
        {app.name}
      </label>
    </div>
  );
}
