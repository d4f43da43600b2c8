import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { FormField } from '@client/components/form/form-field';
import { SettingsListSection } from '@client/components/settings-list-section';
import type { SettingsSectionProps } from '@client/components/settings-section-props';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { formatDate, formatDateTime } from '@client/i18n/format';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import {
  type CreateSyncTokenInput,
  createSyncTokenSchema,
  type SyncToken,
} from '@domain/phone-sync/sync-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, KeyRound, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateSyncToken, useRevokeSyncToken, useSyncTokens } from './phone-sync-api';

/** Settings → Sync tokens: the credentials iPhone Shortcuts use to post to /api/iphone/sync. Admins only. */
export function SyncTokensSection({ canManage }: SettingsSectionProps) {
  const tokens = useSyncTokens(canManage);
  if (!canManage) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Only owners and admins manage sync tokens.</Trans>
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <SettingsListSection
        query={tokens}
        itemKey={(item) => item.id}
        errorTitle={<Trans>Sync tokens could not be loaded.</Trans>}
        empty={<Trans>No sync tokens yet. Create one for each phone.</Trans>}
      >
        {(token) => <TokenRow token={token} />}
      </SettingsListSection>
      <CreateTokenForm />
    </div>
  );
}

function TokenRow({ token }: { token: SyncToken }) {
  const revoke = useRevokeSyncToken();
  const isRevoked = token.revokedAt !== null;
  const { t } = useLingui();
  // The testing token's stored name is the server's English; the screen says it in the reader's language.
  const name = token.isTestToken ? t`iPhone test token (for testing)` : token.name;
  const created = formatDate(token.createdAt);
  const lastUsed = token.lastUsedAt ? formatDateTime(token.lastUsedAt) : null;
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <KeyRound className="size-4 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {name}{' '}
          <span translate="no" className="font-mono text-xs text-muted-foreground">
            {token.tokenHint}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          {t`Created ${created}`} · {lastUsed ? t`last used ${lastUsed}` : t`never used`}
        </p>
      </div>
      {token.isTestToken && (
        <Badge variant="outline">
          <Trans>For testing</Trans>
        </Badge>
      )}
      {isRevoked ? (
        <Badge variant="secondary">
          <Trans>Revoked</Trans>
        </Badge>
      ) : (
        <ConfirmDeleteDialog
          trigger={
            <Button variant="ghost" size="icon" aria-label={t`Revoke ${name}`}>
              <Trash2 className="text-destructive" />
            </Button>
          }
          title={<Trans>Revoke {name}?</Trans>}
          description={<Trans>Phones using this token can no longer sync. This cannot be undone.</Trans>}
          confirmLabel={<Trans>Revoke</Trans>}
          onConfirm={() => revoke.mutateAsync(token.id)}
          errorTitle={t`Could not revoke token`}
        />
      )}
    </li>
  );
}

function CreateTokenForm() {
  const form = useForm<CreateSyncTokenInput>({
    resolver: zodResolver(createSyncTokenSchema),
    defaultValues: { name: '' },
  });
  const name = form.watch('name');
  const [created, setCreated] = useState<string | null>(null);
  const [isCopied, setIsCopied] = useState(false);
  const create = useCreateSyncToken();
  const { t } = useLingui();
  const submit = form.handleSubmit((input) =>
    create.mutate(input.name, {
      onSuccess: (result) => {
        setCreated(result.token);
        setIsCopied(false);
        form.reset();
      },
      onError: (error) => {
        if (!applyServerErrors(error, form)) toastError(t`Could not create token`, error);
      },
    }),
  );
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created).then(
      () => setIsCopied(true),
      () => toastError(t`Copy failed`, null, t`Select the token and copy it by hand.`),
    );
  };
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold">
        <Trans>Create a token</Trans>
      </h4>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <FormField label={<Trans>Name</Trans>} error={form.formState.errors.name?.message} className="flex-1">
          {(id, invalid) => (
            <Input
              id={id}
              aria-invalid={invalid}
              placeholder={t`e.g. Jane’s iPhone`}
              {...form.register('name')}
            />
          )}
        </FormField>
        <Button type="submit" disabled={create.isPending || name.trim() === ''} className="sm:mt-5">
          {create.isPending && <Loader2 className="animate-spin" />}
          <Trans>Create token</Trans>
        </Button>
      </form>
      {created && (
        <div className="space-y-2 rounded-md border border-success/40 bg-success/10 p-3">
          <p className="text-sm font-medium">
            <Trans>Copy this token now: it is shown only once.</Trans>
          </p>
          <div className="flex items-center gap-2">
            <code
              className="min-w-0 flex-1 truncate rounded bg-background px-2 py-1 text-xs"
              data-testid="new-sync-token"
            >
              {created}
            </code>
            <Button type="button" size="sm" variant="outline" onClick={copy}>
              {isCopied ? <Check /> : <Copy />}
              {isCopied ? t`Copied` : t`Copy`}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
