import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import type { SettingsSectionProps } from '@client/features/settings';
import { errorMessage } from '@client/lib/api';
import { onErrorToast } from '@client/lib/error-toast';
import { appCategories, appTypes, type EcosystemApp } from '@domain/ecosystem/ecosystem-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useDeleteApp, useEcosystemApps, useSaveApp } from './ecosystem-api';

/** Not words: the start of an address. */
const urlPlaceholder = 'https://';

/** Settings → Ecosystem apps: admins and owners list, add, edit and remove the workspace's apps. */
export function AppsSection({ canManage }: SettingsSectionProps) {
  const { t } = useLingui();
  const { data, isLoading, isError } = useEcosystemApps();
  const remove = useDeleteApp();
  // undefined: closed; null: adding; an app: editing it.
  const [editing, setEditing] = useState<EcosystemApp | null | undefined>(undefined);
  if (isLoading) return <Skeleton className="h-24" />;
  if (isError)
    return (
      <p className="text-sm text-destructive">
        <Trans>Your apps could not be loaded.</Trans>
      </p>
    );
  return (
    <div className="space-y-4">
      {data?.apps.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No apps yet.</Trans>
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {data?.apps.map((app) => (
            <li key={app.id} className="flex items-center gap-2 p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{app.name}</p>
                <p className="truncate text-muted-foreground">
                  {app.category} · {app.type} · {app.url}
                </p>
              </div>
              {canManage && (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setEditing(app)}
                    aria-label={t`Edit ${app.name}`}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`Remove ${app.name}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(app.id, {
                        onError: onErrorToast(t`Removal failed`),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <Button variant="outline" onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" />
          <Trans>Add app</Trans>
        </Button>
      )}
      {editing !== undefined && <AppDialog app={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}

function AppDialog({ app, onClose }: { app: EcosystemApp | null; onClose: () => void }) {
  const { t } = useLingui();
  const save = useSaveApp();
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const monthly = text('monthly');
    save.mutate(
      {
        id: app?.id ?? null,
        input: {
          name: text('name'),
          category: text('category') as EcosystemApp['category'],
          type: text('type') as EcosystemApp['type'],
          url: text('url'),
          description: text('description'),
          usersUrl: text('usersUrl') || null,
          features: text('features')
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean),
          pricing: {
            free: form.get('free') === 'on',
            monthlyCents: monthly === '' ? null : Math.round(Number(monthly) * 100),
            annualCents: app?.pricing.annual == null ? null : Math.round(app.pricing.annual * 100),
            lifetimeCents: app?.pricing.lifetime == null ? null : Math.round(app.pricing.lifetime * 100),
            oneTimeCents: app?.pricing.oneTime == null ? null : Math.round(app.pricing.oneTime * 100),
          },
        },
      },
      { onSuccess: onClose, onError: (e) => setError(errorMessage(e)) },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{app ? t`Edit app` : t`Add app`}</DialogTitle>
          <DialogDescription>
            <Trans>
              An app of your ecosystem: where it lives, what it costs and where its users are listed.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-3">
          <Field id="app-name" label={t`Name`}>
            <Input id="app-name" name="name" required maxLength={120} defaultValue={app?.name} />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id="app-category" label={t`Category`}>
              <select
                id="app-category"
                name="category"
                defaultValue={app?.category ?? 'core'}
                className="h-9 w-full rounded-md border bg-background px-2 text-sm"
              >
                {appCategories.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="app-type" label={t`Type`}>
              <select
                id="app-type"
                name="type"
                defaultValue={app?.type ?? 'B2C'}
                className="h-9 w-full rounded-md border bg-background px-2 text-sm"
              >
                {appTypes.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field id="app-url" label={t`URL`}>
            <Input id="app-url" name="url" required defaultValue={app?.url} placeholder={urlPlaceholder} />
          </Field>
          <Field id="app-users-url" label={t`Users endpoint (optional)`}>
            <Input
              id="app-users-url"
              name="usersUrl"
              defaultValue={app?.usersUrl ?? ''}
              placeholder={urlPlaceholder}
            />
          </Field>
          <Field id="app-description" label={t`Description`}>
            <Textarea
              id="app-description"
              name="description"
              maxLength={2000}
              defaultValue={app?.description}
            />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id="app-monthly" label={t`Monthly price ($)`}>
              <Input
                id="app-monthly"
                name="monthly"
                type="number"
                min={0}
                step="0.01"
                defaultValue={app?.pricing.monthly ?? ''}
              />
            </Field>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input type="checkbox" name="free" defaultChecked={app?.pricing.free} />
              <Trans>Free to start</Trans>
            </label>
          </div>
          <Field id="app-features" label={t`Features (comma-separated)`}>
            <Input id="app-features" name="features" defaultValue={app?.features.join(', ')} />
          </Field>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              <Trans>Save app</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
