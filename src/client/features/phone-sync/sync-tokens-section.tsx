import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import type { SettingsSectionProps } from '@client/features/settings';
import { formatDate, formatDateTime } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import type { SyncToken } from '@domain/phone-sync/sync-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, KeyRound, Loader2, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
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
      {tokens.isLoading ? (
        <Skeleton className="h-16" />
      ) : tokens.isError ? (
        <p className="text-sm text-destructive">
          <Trans>Sync tokens could not be loaded.</Trans>
        </p>
      ) : !tokens.data?.length ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No sync tokens yet. Create one for each phone.</Trans>
        </p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      )}
      <CreateTokenForm />
    </div>
  );
}

function TokenRow({ token }: { token: SyncToken }) {
  const revoke = useRevokeSyncToken();
  const isRevoked = token.revokedAt !== null;
  const { t } = useLingui();
  const created = formatDate(token.createdAt);
  const lastUsed = token.lastUsedAt ? formatDateTime(token.lastUsedAt) : null;
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <KeyRound className="size-4 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {token.name} <span className="font-mono text-xs text-muted-foreground">{token.tokenHint}</span>
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
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t`Revoke ${token.name}`}>
              <Trash2 className="text-destructive" />
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>
                <Trans>Revoke {token.name}?</Trans>
              </AlertDialogTitle>
              <AlertDialogDescription>
                <Trans>Phones using this token can no longer sync. This cannot be undone.</Trans>
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>
                <Trans>Cancel</Trans>
              </AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                onClick={() =>
                  revoke.mutate(token.id, {
                    onError: (error) =>
                      toast({
                        title: t`Could not revoke token`,
                        description: errorMessage(error),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                <Trans>Revoke</Trans>
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </li>
  );
}

function CreateTokenForm() {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [isCopied, setIsCopied] = useState(false);
  const create = useCreateSyncToken();
  const { t } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (result) => {
        setCreated(result.token);
        setIsCopied(false);
        setName('');
      },
      onError: (error) =>
        toast({ title: t`Could not create token`, description: errorMessage(error), variant: 'destructive' }),
    });
  };
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created).then(
      () => setIsCopied(true),
      () =>
        toast({
          title: t`Copy failed`,
          description: t`Select the token and copy it by hand.`,
          variant: 'destructive',
        }),
    );
  };
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold">
        <Trans>Create a token</Trans>
      </h4>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="sync-token-name">
            <Trans>Name</Trans>
          </Label>
          <Input
            id="sync-token-name"
            required
            placeholder={t`e.g. Jane’s iPhone`}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending || name.trim() === ''}>
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
