import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { QueryState } from '@client/components/query-state';
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
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { formatDate, formatDateTime } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import {
  type ConnectEmailInput,
  connectEmailSchema,
  type EmailAccount,
  type EmailConversation,
} from '@domain/email/email-schemas';
import { type EmailProviderId, emailProviders, mailServerPresets } from '@domain/email/providers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Inbox, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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

/** What the inputs hold; the server's connectEmailSchema checks what they become. */
const integrationFields = z.object({
  provider: z.union([z.enum(emailProviders), z.literal('')]),
  email: z.string(),
  appPassword: z.string(),
  host: z.string(),
});
type IntegrationForm = z.infer<typeof integrationFields>;
const emptyIntegration: IntegrationForm = { provider: '', email: '', appPassword: '', host: '' };

const connectPayload = (form: IntegrationForm) => ({
  provider: form.provider,
  email: form.email.trim(),
  appPassword: form.appPassword,
  host: form.host.trim() || undefined,
});

const integrationFormSchema = integrationFields.superRefine((form, ctx) => {
  const checked = connectEmailSchema.safeParse(connectPayload(form));
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const path = String(issue.path[0] ?? '');
    // The server names the secret `password` or `appPassword`; the form has one input for it.
    ctx.addIssue({
      code: 'custom',
      path: [path === 'password' ? 'appPassword' : path],
      message: issue.message,
    });
  }
});

export function EmailIntegrationDialog({ open, onOpenChange }: EmailIntegrationDialogProps) {
  const form = useForm<IntegrationForm>({
    resolver: zodResolver(integrationFormSchema, undefined, { raw: true }),
    defaultValues: emptyIntegration,
  });
  const { errors } = form.formState;
  const provider = form.watch('provider');
  const connect = useConnectEmail();
  const { t, i18n } = useLingui();

  const submit = form.handleSubmit(
    (values) =>
      connect.mutate(connectPayload(values) as ConnectEmailInput, {
        onSuccess: (account) => {
          const address = account.email;
          toast({
            title: t`Email Integration Added`,
            description: t`${address} is connected; its mail is being synced.`,
          });
          form.reset(emptyIntegration);
          onOpenChange(false);
        },
        onError: (error) => {
          if (!applyServerErrors(error, form, { password: 'appPassword' }))
            toastError(t`Integration Failed`, error, t`Failed to connect email account`);
        },
      }),
    () => {
      // Spec 000 §9: a missing provider or address is told in a toast.
      const values = form.getValues();
      if (!values.provider || !values.email.trim()) {
        toastError(t`Missing Information`, null, t`Please select a provider and enter your email address.`);
      }
    },
  );

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
            <SelectField
              control={form.control}
              name="provider"
              label={<Trans>Provider</Trans>}
              error={errors.provider?.message}
              triggerLabel={t`Provider`}
              placeholder={t`Select a provider`}
              options={emailProviders.map((option) => ({
                value: option,
                label: mailServerPresets[option].label,
              }))}
            />
            <FormField label={<Trans>Email address</Trans>} error={errors.email?.message}>
              {(id, invalid) => (
                <Input
                  id={id}
                  type="email"
                  autoComplete="email"
                  aria-invalid={invalid}
                  placeholder={t`you@yourbusiness.com`}
                  {...form.register('email')}
                />
              )}
            </FormField>
            <FormField label={<Trans>App password</Trans>} error={errors.appPassword?.message}>
              {(id, invalid) => (
                <>
                  <Input
                    id={id}
                    type="password"
                    autoComplete="new-password"
                    aria-invalid={invalid}
                    {...form.register('appPassword')}
                  />
                  <p className="-mt-2 text-xs text-muted-foreground">
                    {provider ? (
                      i18n._(passwordHints[provider])
                    ) : (
                      <Trans>Stored encrypted; never shown again.</Trans>
                    )}
                  </p>
                </>
              )}
            </FormField>
            <FormField label={<Trans>IMAP host (optional)</Trans>} error={errors.host?.message}>
              {(id, invalid) => (
                <Input
                  id={id}
                  aria-invalid={invalid}
                  placeholder={provider ? mailServerPresets[provider].imap.host : 'imap.example.com'}
                  {...form.register('host')}
                />
              )}
            </FormField>
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
  const accounts = useEmailAccounts(isOpen);
  const { t } = useLingui();
  return (
    <Section title={t`Connected accounts`}>
      <QueryState
        query={accounts}
        loading={<Skeleton className="h-10" />}
        errorTitle={<Trans>Connected accounts could not be loaded.</Trans>}
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            <Trans>No accounts connected yet.</Trans>
          </p>
        }
      >
        {(list) => (
          <ul className="space-y-2">
            {list.map((account) => (
              <AccountRow key={account.id} account={account} />
            ))}
          </ul>
        )}
      </QueryState>
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
          <p className="text-xs text-destructive">
            {messageRefText(account.lastErrorMessage, account.lastError)}
          </p>
        )}
      </div>
      <Badge variant={account.isActive ? 'success' : 'destructive'}>
        {account.isActive ? <Trans>Active</Trans> : <Trans>Error</Trans>}
      </Badge>
    </li>
  );
}

function RecentConversations({ isOpen }: { isOpen: boolean }) {
  const conversations = useConversations(isOpen);
  const { t } = useLingui();
  return (
    <Section title={t`Recent conversations`}>
      <QueryState
        query={conversations}
        loading={<Skeleton className="h-16" />}
        errorTitle={<Trans>Conversations could not be loaded.</Trans>}
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            <Trans>No conversations yet.</Trans>
          </p>
        }
      >
        {(list) => (
          <ul className="divide-y rounded-md border">
            {list.slice(0, recentConversations).map((c) => (
              <ConversationRow key={c.id} conversation={c} />
            ))}
          </ul>
        )}
      </QueryState>
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
        <p className="text-xs text-muted-foreground">{formatDate(c.receivedAt)}</p>
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
      toastError(t`Copy failed`, null, t`Select the address and copy it by hand.`);
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
