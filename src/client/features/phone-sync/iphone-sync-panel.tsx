import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api';
import { refreshContactViews } from '@client/lib/refresh-contact-views';
import { useAuth } from '@client/lib/use-auth';
import type { PhoneSyncType, SyncRecord } from '@domain/phone-sync/sync-schemas';
import { Loader2, MessageSquare, Phone, Smartphone, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { usePhoneSync, useSyncRecords, useTestToken } from './phone-sync-api';
import { sampleSyncItems } from './sample-sync-data';

const syncButtons: Array<{ type: PhoneSyncType; label: string; icon: typeof Users }> = [
  { type: 'contacts', label: 'Test Contacts Sync', icon: Users },
  { type: 'calls', label: 'Test Calls Sync', icon: Phone },
  { type: 'messages', label: 'Test Messages Sync', icon: MessageSquare },
];

const typeLabels: Record<PhoneSyncType, string> = {
  contacts: 'Contacts',
  calls: 'Calls',
  messages: 'Messages',
};

export function IphoneSyncPanel() {
  const { user } = useAuth();
  const canWrite = user !== null && user.role !== 'viewer';
  const testToken = useTestToken(canWrite);
  const [authToken, setAuthToken] = useState('');
  const [isPrefilled, setIsPrefilled] = useState(false);
  const sync = usePhoneSync();

  // Pre-fill the workspace's testing token once, when it arrives, unless the user already typed one. Only
  // once: a field the user cleared must stay empty, not refill at once.
  const hasOfferedToken = useRef(false);
  useEffect(() => {
    const token = testToken.data?.token;
    if (!token || hasOfferedToken.current) return;
    hasOfferedToken.current = true;
    if (authToken !== '') return;
    setAuthToken(token);
    setIsPrefilled(true);
  }, [testToken.data, authToken]);

  const send = (type: PhoneSyncType) => {
    sync.mutate(
      { type, data: sampleSyncItems(type), authToken: authToken.trim() },
      {
        onSuccess: () =>
          toast({
            title: 'Sync Successful',
            description: 'Your iPhone data has been processed and contacts updated.',
          }),
        onError: (error) =>
          toast({
            title: 'Sync Failed',
            description: error instanceof Error ? errorMessage(error) : 'Failed to sync iPhone data',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">iPhone Sync</h2>
        <p className="text-sm text-muted-foreground">
          Send contacts, calls and messages from an iPhone Shortcut into your CRM.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Smartphone className="size-5" /> Test your sync
            </CardTitle>
            <CardDescription>
              Each button sends a few realistic sample items with the token below.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor="iphone-auth-token">Auth token</Label>
              <Input
                id="iphone-auth-token"
                value={authToken}
                placeholder="hubsync_…"
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => {
                  setAuthToken(e.target.value);
                  setIsPrefilled(false);
                }}
              />
              <p className="text-xs text-muted-foreground">
                {isPrefilled
                  ? 'Pre-filled with this workspace’s test token (for testing only).'
                  : 'Create a token under Settings → Sync tokens and paste it here.'}
              </p>
            </div>
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
                  {label}
                </Button>
              ))}
            </div>
            {!canWrite && (
              <p className="text-xs text-muted-foreground">Viewers can watch sync activity but not send.</p>
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
      authToken: 'hubsync_…',
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
        <CardTitle>Setup information</CardTitle>
        <CardDescription>Point an iPhone Shortcut at this endpoint.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <ol className="list-decimal space-y-1 pl-5">
          <li>In Settings → Sync tokens, create a token for the phone and copy it.</li>
          <li>In the Shortcuts app, create a shortcut that gathers contacts, recent calls or messages.</li>
          <li>
            Add <span className="font-medium">Get Contents of URL</span>: method POST, request body JSON, URL
            below.
          </li>
          <li>Send type (contacts, calls or messages), the token as authToken, and the items as data.</li>
          <li>Run it from an automation (e.g. daily) to keep the CRM current.</li>
        </ol>
        <div className="space-y-1">
          <p className="text-xs font-medium text-muted-foreground">Endpoint</p>
          <code className="block break-all rounded bg-muted px-2 py-1 text-xs">POST {endpoint}</code>
        </div>
        <div className="space-y-1">
          <p className="text-xs font-medium text-muted-foreground">Example body</p>
          <pre className="overflow-x-auto rounded bg-muted p-2 text-xs">{example}</pre>
        </div>
        <p className="text-xs text-muted-foreground">
          Contacts need a phone or an email; contacts are matched by email, then phone. Calls and messages are
          added to the matching contact’s timeline, creating a contact for an unknown number.
        </p>
      </CardContent>
    </Card>
  );
}

function SyncRecords() {
  const { data, isLoading, isError } = useSyncRecords();
  const processing = data?.filter((r) => !r.processed).length ?? 0;
  const previous = useRef(processing);
  useEffect(() => {
    if (processing < previous.current) void refreshContactViews();
    previous.current = processing;
  }, [processing]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent sync activity</CardTitle>
        <CardDescription>The last 10 syncs from any phone.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-24" />
        ) : isError ? (
          <p className="text-sm text-destructive">Sync activity could not be loaded.</p>
        ) : !data?.length ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No sync activity yet</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="sync-records">
            {data.slice(0, 10).map((record) => (
              <SyncRecordRow key={record.id} record={record} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SyncRecordRow({ record }: { record: SyncRecord }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <div>
        <p className="text-sm font-medium">
          {typeLabels[record.sync_type]} · {record.item_count} {record.item_count === 1 ? 'item' : 'items'}
        </p>
        <p className="text-xs text-muted-foreground">{new Date(record.created_at).toLocaleString()}</p>
        {record.error_message && <p className="text-xs text-destructive">{record.error_message}</p>}
      </div>
      <Badge variant={record.processed ? 'success' : 'secondary'}>
        {record.processed ? 'Processed' : 'Processing'}
      </Badge>
    </li>
  );
}
