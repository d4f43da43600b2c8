import { FormField } from '@client/components/form/form-field';
import { QueryState } from '@client/components/query-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/i18n/format';
import { messageRefText } from '@client/i18n/stored-message';
import { toastError } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { refreshContactViews } from '@client/lib/refresh-contact-views';
import { useAuth } from '@client/lib/use-auth';
import { sampleSyncItems } from '@domain/phone-sync/sample-sync-items';
import { type PhoneSyncType, phoneSyncPayloadSchema, type SyncRecord } from '@domain/phone-sync/sync-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Loader2, MessageSquare, Phone, Smartphone, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { usePhoneSync, useSyncRecords, useTestToken } from './phone-sync-api';

const syncButtons = [
  { type: 'contacts', label: msg`Test Contacts Sync`, icon: Users },
  { type: 'calls', label: msg`Test Calls Sync`, icon: Phone },
  { type: 'messages', label: msg`Test Messages Sync`, icon: MessageSquare },
] as const;

const typeLabels = {
  contacts: msg`Contacts`,
  calls: msg`Calls`,
  messages: msg`Messages`,
} satisfies Record<PhoneSyncType, unknown>;

/** The prefix every sync token starts with: a format, the same in every language. */
const tokenPlaceholder = 'hubsync_…';

/** The panel's one input, checked by the sync route's own rule; the buttons choose what is sent. */
const tokenFormSchema = phoneSyncPayloadSchema.pick({ authToken: true });
type TokenForm = z.infer<typeof tokenFormSchema>;

export function IphoneSyncPanel() {
  const { user } = useAuth();
  const canWrite = user !== null && user.role !== 'viewer';
  const testToken = useTestToken(canWrite);
  const form = useForm<TokenForm>({
    resolver: zodResolver(tokenFormSchema),
    defaultValues: { authToken: '' },
  });
  const authToken = form.watch('authToken');
  // The pre-filled token is the form's default, so any edit makes the field no longer pre-filled.
  const isPrefilled = authToken !== '' && !form.formState.isDirty;
  const sync = usePhoneSync();
  const { t } = useLingui();

  // Pre-fill the workspace's testing token once, when it arrives, unless the user already typed one. Only
  // once: a field the user cleared must stay empty, not refill at once.
  const hasOfferedToken = useRef(false);
  useEffect(() => {
    const token = testToken.data?.token;
    if (!token || hasOfferedToken.current) return;
    hasOfferedToken.current = true;
    if (form.getValues('authToken') === '') form.reset({ authToken: token });
  }, [testToken.data, form]);

  const send = (type: PhoneSyncType) =>
    form.handleSubmit((values) =>
      sync.mutate(
        // A test sync: the only kind the workspace's testing token sends; a phone's own token sends it too.
        { type, data: sampleSyncItems(type), authToken: values.authToken, test: true },
        {
          onSuccess: () =>
            toast({
              title: t`Sync Successful`,
              description: t`Your iPhone data has been processed and contacts updated.`,
            }),
          onError: (error) => {
            if (!applyServerErrors(error, form))
              toastError(t`Sync Failed`, error, t`Failed to sync iPhone data`);
          },
        },
      ),
    )();

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">
          <Trans>iPhone Sync</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Send contacts, calls and messages from an iPhone Shortcut into your CRM.</Trans>
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Smartphone className="size-5" /> <Trans>Test your sync</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Each button sends a few realistic sample items with the token below.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <FormField label={<Trans>Auth token</Trans>} error={form.formState.errors.authToken?.message}>
              {(id, invalid) => (
                <>
                  <Input
                    id={id}
                    aria-invalid={invalid}
                    placeholder={tokenPlaceholder}
                    autoComplete="off"
                    spellCheck={false}
                    {...form.register('authToken')}
                  />
                  <p className="text-xs text-muted-foreground" data-testid="token-hint">
                    {isPrefilled ? (
                      <>
                        <Badge variant="outline" className="me-1.5">
                          <Trans>For testing</Trans>
                        </Badge>
                        {t`Pre-filled with this workspace’s test token (for testing only).`}{' '}
                        {t`It sends these test syncs only: a phone needs its own token from Settings → Sync tokens.`}
                      </>
                    ) : (
                      t`Create a token under Settings → Sync tokens and paste it here.`
                    )}
                  </p>
                </>
              )}
            </FormField>
            <div className="flex flex-wrap gap-2">
              {syncButtons.map(({ type, label, icon: Icon }) => (
                <Button
                  key={type}
                  variant="outline"
                  onClick={() => send(type)}
                  disabled={!canWrite || sync.isPending || authToken.trim() === ''}
                >
                  {sync.isPending && sync.variables?.type === type ? (
                    <Loader2 className="animate-spin" />
                  ) : (
                    <Icon />
                  )}
                  {t(label)}
                </Button>
              ))}
            </div>
            {!canWrite && (
              <p className="text-xs text-muted-foreground">
                <Trans>Viewers can watch sync activity but not send.</Trans>
              </p>
            )}
          </CardContent>
        </Card>
        <SetupInformation />
      </div>
      <SyncRecords />
    </div>
  );
}

function SetupInformation() {
  const endpoint = `${window.location.origin}/api/iphone/sync`;
  const example = JSON.stringify(
    {
      type: 'calls',
      authToken: tokenPlaceholder,
      data: [
        { phoneNumber: '(512) 555-0134', type: 'incoming', duration: 312, date: '2026-11-20T15:04:00Z' },
      ],
    },
    null,
    2,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Setup information</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Point an iPhone Shortcut at this endpoint.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <ol className="list-decimal space-y-1 ps-5">
          <li>
            <Trans>In Settings → Sync tokens, create a token for the phone and copy it.</Trans>
          </li>
          <li>
            <Trans>
              In the Shortcuts app, create a shortcut that gathers contacts, recent calls or messages.
            </Trans>
          </li>
          <li>
            <Trans>
              Add <span className="font-medium">Get Contents of URL</span>: method POST, request body JSON,
              URL below.
            </Trans>
          </li>
          <li>
            <Trans>
              Send type (contacts, calls or messages), the token as authToken, and the items as data.
            </Trans>
          </li>
          <li>
            <Trans>Run it from an automation (e.g. daily) to keep the CRM current.</Trans>
          </li>
        </ol>
        <div className="space-y-1">
          <p className="text-xs font-medium text-muted-foreground">
            <Trans>Endpoint</Trans>
          </p>
          {/* An HTTP request line: the method is a protocol word, not English. */}
          <code
            className="block break-all rounded bg-muted px-2 py-1 text-xs"
            dir="ltr"
          >{`POST ${endpoint}`}</code>
        </div>
        <div className="space-y-1">
          <p className="text-xs font-medium text-muted-foreground">
            <Trans>Example body</Trans>
          </p>
          <pre className="overflow-x-auto rounded bg-muted p-2 text-xs" dir="ltr">
            {example}
          </pre>
        </div>
        <p className="text-xs text-muted-foreground">
          <Trans>
            Contacts need a phone or an email; contacts are matched by email, then phone. Calls and messages
            are added to the matching contact’s timeline, creating a contact for an unknown number.
          </Trans>
        </p>
      </CardContent>
    </Card>
  );
}

function SyncRecords() {
  const records = useSyncRecords();
  const { data } = records;
  const processing = data?.filter((r) => !r.processed).length ?? 0;
  const previous = useRef(processing);
  useEffect(() => {
    if (processing < previous.current) void refreshContactViews();
    previous.current = processing;
  }, [processing]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Recent sync activity</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>The last 10 syncs from any phone.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={records}
          loading={<Skeleton className="h-24" />}
          errorTitle={<Trans>Sync activity could not be loaded.</Trans>}
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="py-6 text-center text-sm text-muted-foreground">
              <Trans>No sync activity yet</Trans>
            </p>
          }
        >
          {(list) => (
            <ul className="divide-y rounded-md border" data-testid="sync-records">
              {list.slice(0, 10).map((record) => (
                <SyncRecordRow key={record.id} record={record} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function SyncRecordRow({ record }: { record: SyncRecord }) {
  const { t } = useLingui();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <div>
        <p className="text-sm font-medium">
          {t(typeLabels[record.sync_type])} ·{' '}
          <Plural value={record.item_count} one="# item" other="# items" />
        </p>
        <p className="text-xs text-muted-foreground">{formatDateTime(record.created_at)}</p>
        {record.error_message && (
          <p className="text-xs text-destructive">
            {messageRefText(record.error_message_ref, record.error_message)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {record.is_test && (
          <Badge variant="outline">
            <Trans>Test sync</Trans>
          </Badge>
        )}
        <Badge variant={record.processed ? 'success' : 'secondary'}>
          {record.processed ? t`Processed` : t`Processing`}
        </Badge>
      </div>
    </li>
  );
}
