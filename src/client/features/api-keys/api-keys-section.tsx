import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { SettingsListSection } from '@client/components/settings-list-section';
import type { SettingsSectionProps } from '@client/components/settings-section-props';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { addDays, formatDate, formatDateTime } from '@client/i18n/format';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import {
  type ApiKey,
  type ApiKeyRole,
  apiKeyRoles,
  type CreatedApiKey,
  createApiKeySchema,
} from '@domain/api-keys/api-key-schemas';
import { type PlanId, planById, plansWithApiAccess } from '@domain/pricing/plans';
import { hasRole, roleLabels } from '@domain/roles';
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, KeyRound, Loader2, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api-keys-api';

const expiryChoices = [
  { id: 'never', label: msg`Never`, days: null },
  { id: '30', label: msg`30 days`, days: 30 },
  { id: '90', label: msg`90 days`, days: 90 },
  { id: '365', label: msg`1 year`, days: 365 },
] as const;

/** The server's schema, with the expiry as the menu's choice; it becomes a date when sent. */
const apiKeyFormSchema = createApiKeySchema.pick({ name: true, role: true }).extend({
  expiry: z.enum(expiryChoices.map((c) => c.id) as [ExpiryChoice, ...ExpiryChoice[]]),
});
type ExpiryChoice = (typeof expiryChoices)[number]['id'];
type ApiKeyForm = z.infer<typeof apiKeyFormSchema>;
const defaultValues: ApiKeyForm = { name: '', role: 'member', expiry: '90' };

/** Settings → API keys: keys for scripts and integrations (Professional and Enterprise). Admins only. */
export function ApiKeysSection({ user, canManage }: SettingsSectionProps) {
  const plan = user.workspace.plan as PlanId;
  const hasApiAccess = plansWithApiAccess.includes(plan);
  const keys = useApiKeys(canManage && hasApiAccess);
  const { t, i18n } = useLingui();
  if (!canManage) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Only owners and admins manage API keys.</Trans>
      </p>
    );
  }
  if (!hasApiAccess) {
    const [first, second] = plansWithApiAccess.map((p) => i18n._(planById(p).name));
    const current = i18n._(planById(plan).name);
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>
          API access is part of the {first} and {second} plans; this workspace is on the {current} plan.
        </Trans>
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        <Trans>
          Send a key as <code className="rounded bg-muted px-1 text-xs">Authorization: Bearer …</code> to any{' '}
          <a className="underline" href="/api/docs">
            API route
          </a>
          . It acts with its role in this workspace.
        </Trans>
      </p>
      <SettingsListSection
        query={keys}
        itemKey={(item) => item.id}
        errorTitle={<Trans>API keys could not be loaded.</Trans>}
        empty={<Trans>No API keys yet.</Trans>}
        label={t`API keys`}
      >
        {(key) => <ApiKeyRow apiKey={key} />}
      </SettingsListSection>
      <CreateApiKeyDialog grantable={apiKeyRoles.filter((role) => hasRole(user.role, role))} />
    </div>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const isExpired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt).getTime() <= Date.now();
  const { t, i18n } = useLingui();
  const created = formatDate(apiKey.createdAt);
  const creator = apiKey.createdBy ? apiKey.createdBy.name || apiKey.createdBy.email : null;
  const lastUsed = apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : null;
  const expires = apiKey.expiresAt ? formatDate(apiKey.expiresAt) : null;
  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-testid="api-key-row">
      <KeyRound className="size-4 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {apiKey.name} <span className="font-mono text-xs text-muted-foreground">{apiKey.prefix}…</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {creator ? t`Created ${created} by ${creator}` : t`Created ${created}`} ·{' '}
          {lastUsed ? t`last used ${lastUsed}` : t`never used`} ·{' '}
          {expires ? t`expires ${expires}` : t`no expiry`}
        </p>
      </div>
      <Badge variant="outline">{i18n._(roleLabels[apiKey.role])}</Badge>
      {isExpired && (
        <Badge variant="secondary">
          <Trans>Expired</Trans>
        </Badge>
      )}
      <ConfirmDeleteDialog
        trigger={
          <Button variant="ghost" size="icon" aria-label={t`Revoke ${apiKey.name}`}>
            <Trash2 className="text-destructive" />
          </Button>
        }
        title={<Trans>Revoke {apiKey.name}?</Trans>}
        description={
          <Trans>Scripts and integrations using this key stop working at once. This cannot be undone.</Trans>
        }
        confirmLabel={<Trans>Revoke</Trans>}
        onConfirm={() => revoke.mutateAsync(apiKey.id)}
        errorTitle={t`Could not revoke key`}
      />
    </li>
  );
}

function CreateApiKeyDialog({ grantable }: { grantable: ApiKeyRole[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<ApiKeyForm>({ resolver: zodResolver(apiKeyFormSchema), defaultValues });
  const name = form.watch('name');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [isCopied, setIsCopied] = useState(false);
  const create = useCreateApiKey();
  const { t, i18n } = useLingui();

  const reset = () => {
    form.reset(defaultValues);
    setCreated(null);
    setIsCopied(false);
  };
  const submit = form.handleSubmit(({ expiry, ...input }) => {
    const days = expiryChoices.find((c) => c.id === expiry)?.days ?? null;
    create.mutate(
      { ...input, expiresAt: days === null ? null : addDays(new Date(), days).toISOString() },
      {
        onSuccess: setCreated,
        onError: (error) => {
          if (!applyServerErrors(error, form)) toastError(t`Could not create key`, error);
        },
      },
    );
  });
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.key).then(
      () => setIsCopied(true),
      () => toastError(t`Copy failed`, null, t`Select the key and copy it by hand.`),
    );
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (!open) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Plus />
          <Trans>Create API key</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>
                <Trans>Copy your new API key</Trans>
              </DialogTitle>
              <DialogDescription>
                <Trans>It is shown only once. Store it somewhere safe now.</Trans>
              </DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-2">
              <code
                className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs"
                data-testid="new-api-key"
              >
                {created.key}
              </code>
              <Button type="button" size="sm" variant="outline" onClick={copy}>
                {isCopied ? <Check /> : <Copy />}
                {isCopied ? t`Copied` : t`Copy`}
              </Button>
            </div>
            <DialogFooter>
              <Button type="button" onClick={() => setIsOpen(false)}>
                <Trans>Done</Trans>
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <DialogHeader>
              <DialogTitle>
                <Trans>Create an API key</Trans>
              </DialogTitle>
              <DialogDescription>
                <Trans>For a script or an integration. It never has more rights than you.</Trans>
              </DialogDescription>
            </DialogHeader>
            <FormField label={<Trans>Name</Trans>} error={form.formState.errors.name?.message}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  maxLength={100}
                  placeholder={t`e.g. Zapier`}
                  {...form.register('name')}
                />
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                control={form.control}
                name="role"
                label={<Trans>Role</Trans>}
                triggerLabel={t`Role`}
                options={grantable.map((r) => ({ value: r, label: i18n._(roleLabels[r]) }))}
              />
              <SelectField
                control={form.control}
                name="expiry"
                label={<Trans>Expires</Trans>}
                triggerLabel={t`Expires`}
                options={expiryChoices.map((c) => ({ value: c.id, label: i18n._(c.label) }))}
              />
            </div>
            <DialogFooter>
              <Button type="submit" disabled={create.isPending || name.trim() === ''}>
                {create.isPending && <Loader2 className="animate-spin" />}
                <Trans>Create key</Trans>
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
