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
import { errorMessage } from '@client/lib/api';
import type { SyncToken } from '@domain/phone-sync/sync-schemas';
import { Check, Copy, KeyRound, Loader2, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useCreateSyncToken, useRevokeSyncToken, useSyncTokens } from './phone-sync-api';

/** Settings → Sync tokens: the credentials iPhone Shortcuts use to post to /api/iphone/sync. Admins only. */
export function SyncTokensSection({ canManage }: SettingsSectionProps) {
  const tokens = useSyncTokens(canManage);
  if (!canManage) {
    return <p className="text-sm text-muted-foreground">Only owners and admins manage sync tokens.</p>;
  }
  return (
    <div className="space-y-6">
      {tokens.isLoading ? (
        <Skeleton className="h-16" />
      ) : tokens.isError ? (
        <p className="text-sm text-destructive">Sync tokens could not be loaded.</p>
      ) : !tokens.data?.length ? (
        <p className="text-sm text-muted-foreground">No sync tokens yet. Create one for each phone.</p>
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
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <KeyRound className="size-4 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {token.name} <span className="font-mono text-xs text-muted-foreground">{token.tokenHint}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          Created {new Date(token.createdAt).toLocaleDateString()} ·{' '}
          {token.lastUsedAt ? `last used ${new Date(token.lastUsedAt).toLocaleString()}` : 'never used'}
        </p>
      </div>
      {token.isTestToken && <Badge variant="outline">For testing</Badge>}
      {isRevoked ? (
        <Badge variant="secondary">Revoked</Badge>
      ) : (
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Revoke ${token.name}`}>
              <Trash2 className="text-destructive" />
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Revoke {token.name}?</AlertDialogTitle>
              <AlertDialogDescription>
                Phones using this token can no longer sync. This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction
                variant="destructive"
                onClick={() =>
                  revoke.mutate(token.id, {
                    onError: (error) =>
                      toast({
                        title: 'Could not revoke token',
                        description: errorMessage(error),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                Revoke
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (result) => {
        setCreated(result.token);
        setIsCopied(false);
        setName('');
      },
      onError: (error) =>
        toast({ title: 'Could not create token', description: errorMessage(error), variant: 'destructive' }),
    });
  };
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created).then(
      () => setIsCopied(true),
      () =>
        toast({
          title: 'Copy failed',
          description: 'Select the token and copy it by hand.',
          variant: 'destructive',
        }),
    );
  };
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold">Create a token</h4>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="sync-token-name">Name</Label>
          <Input
            id="sync-token-name"
            required
            placeholder="e.g. Jane’s iPhone"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending || name.trim() === ''}>
          {create.isPending && <Loader2 className="animate-spin" />}
          Create token
        </Button>
      </form>
      {created && (
        <div className="space-y-2 rounded-md border border-success/40 bg-success/10 p-3">
          <p className="text-sm font-medium">Copy this token now: it is shown only once.</p>
          <div className="flex items-center gap-2">
            <code
              className="min-w-0 flex-1 truncate rounded bg-background px-2 py-1 text-xs"
              data-testid="new-sync-token"
            >
              {created}
            </code>
            <Button type="button" size="sm" variant="outline" onClick={copy}>
              {isCopied ? <Check /> : <Copy />}
              {isCopied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
