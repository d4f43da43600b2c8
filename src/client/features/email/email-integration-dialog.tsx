import { Badge } from '@client/components/ui/badge';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { formatDate, formatDateTime } from '@client/i18n/format';
import { onErrorToast } from '@client/lib/error-toast';
import type { EmailAccount, EmailConversation } from '@domain/email/email-schemas';
import { type EmailProviderId, emailProviders, mailServerPresets } from '@domain/email/providers';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Inbox, Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useCaptureAddress, useConnectEmail, useConversations, useEmailAccounts } from './email-api';

export interface EmailIntegrationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 000 §9: the dialog lists the 5 most recent conversations. */
const recentConversations = 5;

/** Where each provider's app password comes from, shown under the password field. */
const passwordHints: Record<EmailProviderId, MessageDescriptor> = {
  gmail: msg`A Google app password (Account > Security > App passwords).`,
  outlook: msg`Your Microsoft account app password.`,
  godaddy: msg`Your GoDaddy Workspace email password.`,
};

export function EmailIntegrationDialog({ open, onOpenChange }: EmailIntegrationDialogProps) {
  const [provider, setProvider] = useState<EmailProviderId | ''>('');
  const [email, setEmail] = useState('');
  const [appPassword, setAppPassword] = useState('');
  const [host, setHost] = useState('');
  const connect = useConnectEmail();
  const { t, i18n } = useLingui();

  const clear = () => {
    setProvider('');
    setEmail('');
    setAppPassword('');
    setHost('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!provider || !email.trim()) {
      toast({
        title: t`Missing Information`,
        description: t`Please select a provider and enter your email address.`,
        variant: 'destructive',
      });
      return;
    }
    connect.mutate(
      { provider, email: email.trim(), appPassword, host: host.trim() || undefined },
      {
        onSuccess: (account) => {
          const address = account.email;
          toast({
            title: t`Email Integration Added`,
            description: t`${address} is connected; its mail is being synced.`,
          });
          clear();
          onOpenChange(false);
        },
        onError: onErrorToast(t`Integration Failed`, t`Failed to connect email account`),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Email Integration</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Connect a mailbox: its inbox and sent mail become contacts and conversations.</Trans>
          </DialogDescription>
        </DialogHeader>

        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="email-provider">
                <Trans>Provider</Trans>
              </Label>
              <Select value={provider} onValueChange={(v) => setProvider(v as EmailProviderId)}>
                <SelectTrigger id="email-provider" aria-label={t`Provider`}>
                  <SelectValue placeholder={t`Select a provider`} />
                </SelectTrigger>
                <SelectContent>
                  {emailProviders.map((id) => (
                    <SelectItem key={id} value={id}>
                      {mailServerPresets[id].label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="email-address">
                <Trans>Email address</Trans>
              </Label>
              <Input
                id="email-address"
                type="email"
                autoComplete="email"
                placeholder={t`you@yourbusiness.com`}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="email-app-password">
                <Trans>App password</Trans>
              </Label>
              <Input
                id="email-app-password"
                type="password"
                autoComplete="new-password"
                value={appPassword}
                onChange={(e) => setAppPassword(e.target.value)}
              />
              <p className="text-xs text-muted-foreground">
                {provider ? (
                  i18n._(passwordHints[provider])
                ) : (
                  <Trans>Stored encrypted; never shown again.</Trans>
                )}
              </p>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="email-host">
                <Trans>IMAP host (optional)</Trans>
              </Label>
              <Input
                id="email-host"
                placeholder={provider ? mailServerPresets[provider].imap.host : 'imap.example.com'}
                value={host}
                onChange={(e) => setHost(e.target.value)}
              />
            </div>
          </div>
          <DialogFooter>
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending && <Loader2 className="animate-spin" />}
              <Trans>Connect Account</Trans>
            </Button>
          </DialogFooter>
        </form>

        <ConnectedAccounts isOpen={open} />
        <RecentConversations isOpen={open} />
        <CaptureAddress isOpen={open} />
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2 border-t pt-4">
      <h4 className="text-sm font-semibold">{title}</h4>
      {children}
    </section>
  );
}

function ConnectedAccounts({ isOpen }: { isOpen: boolean }) {
  const { data, isLoading, isError } = useEmailAccounts(isOpen);
  const { t } = useLingui();
  return (
    <Section title={t`Connected accounts`}>
      {isLoading ? (
        <Skeleton className="h-10" />
      ) : isError ? (
        <p className="text-sm text-destructive">
          <Trans>Connected accounts could not be loaded.</Trans>
        </p>
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No accounts connected yet.</Trans>
        </p>
      ) : (
        <ul className="space-y-2">
          {data.map((account) => (
            <AccountRow key={account.id} account={account} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function AccountRow({ account }: { account: EmailAccount }) {
  const { t } = useLingui();
  const syncedAt = account.lastSyncedAt ? formatDateTime(account.lastSyncedAt) : null;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
      data-testid="email-account"
    >
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{account.email}</p>
        <p className="text-xs text-muted-foreground">
          {mailServerPresets[account.provider].label}
          {syncedAt
            ? ` · ${t`synced ${syncedAt}`}`
            : account.isActive
              ? ` · ${t`first sync in progress`}`
              : ''}
        </p>
        {!account.isActive && account.lastError && (
          <p className="text-xs text-destructive">{account.lastError}</p>
        )}
      </div>
      <Badge variant={account.isActive ? 'success' : 'destructive'}>
        {account.isActive ? <Trans>Active</Trans> : <Trans>Error</Trans>}
      </Badge>
    </li>
  );
}

function RecentConversations({ isOpen }: { isOpen: boolean }) {
  const { data, isLoading, isError } = useConversations(isOpen);
  const { t } = useLingui();
  return (
    <Section title={t`Recent conversations`}>
      {isLoading ? (
        <Skeleton className="h-16" />
      ) : isError ? (
        <p className="text-sm text-destructive">
          <Trans>Conversations could not be loaded.</Trans>
        </p>
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No conversations yet.</Trans>
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {data.slice(0, recentConversations).map((c) => (
            <ConversationRow key={c.id} conversation={c} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function ConversationRow({ conversation: c }: { conversation: EmailConversation }) {
  const isInbound = c.direction === 'inbound';
  const { fromEmail, toEmail } = c;
  return (
    <li className="flex items-start justify-between gap-3 p-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{c.subject || <Trans>No Subject</Trans>}</p>
        <p className="truncate text-xs text-muted-foreground">
          {isInbound ? <Trans>From: {fromEmail}</Trans> : <Trans>To: {toEmail}</Trans>}
        </p>
        <p className="text-xs text-muted-foreground">{formatDate(c.receivedAt, {})}</p>
      </div>
      <Badge variant={isInbound ? 'secondary' : 'outline'}>
        {isInbound ? <Trans>inbound</Trans> : <Trans>outbound</Trans>}
      </Badge>
    </li>
  );
}

function CaptureAddress({ isOpen }: { isOpen: boolean }) {
  const { data, isError } = useCaptureAddress(isOpen);
  const [isCopied, setIsCopied] = useState(false);
  const { t } = useLingui();
  const copy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.address);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      toast({
        title: t`Copy failed`,
        description: t`Select the address and copy it by hand.`,
        variant: 'destructive',
      });
    }
  };
  return (
    <Section title={t`Capture address`}>
      <p className="text-xs text-muted-foreground">
        <Trans>
          Send or BCC mail to this address and it is filed under the right contact, no mailbox connection
          needed.
        </Trans>
      </p>
      {isError ? (
        <p className="text-sm text-destructive">
          <Trans>The capture address could not be loaded.</Trans>
        </p>
      ) : (
        <div className="flex items-center gap-2">
          <Inbox className="size-4 shrink-0 text-muted-foreground" />
          <code
            className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs"
            data-testid="capture-address"
          >
            {data?.address ?? '…'}
          </code>
          <Button type="button" variant="outline" size="sm" onClick={copy} disabled={!data}>
            {isCopied ? <Check /> : <Copy />}
            {isCopied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
          </Button>
        </div>
      )}
    </Section>
  );
}
