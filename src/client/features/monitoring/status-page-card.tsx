import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { Switch } from '@client/components/ui/switch';
import { errorMessage } from '@client/lib/api';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useSaveStatusPage, useStatusPage } from './monitoring-api';

function StatusPageForm({
  saved,
  canWrite,
}: {
  saved: { enabled: boolean; slug: string | null };
  canWrite: boolean;
}) {
  const save = useSaveStatusPage();
  const [slug, setSlug] = useState(saved.slug ?? '');
  const [enabled, setEnabled] = useState(saved.enabled);
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ enabled, slug });
      }}
    >
      <div className="space-y-1">
        <Label htmlFor="status-page-slug">
          <Trans>Address</Trans>
        </Label>
        <div className="flex items-center gap-1 text-sm">
          <span className="text-muted-foreground">{statusPathPrefix}</span>
          <Input
            id="status-page-slug"
            value={slug}
            disabled={!canWrite}
            onChange={(event) => setSlug(event.target.value)}
            aria-invalid={save.isError}
            aria-describedby={save.isError ? 'status-page-error' : undefined}
          />
        </div>
        {save.isError && (
          <p id="status-page-error" className="text-sm text-destructive">
            {errorMessage(save.error)}
          </p>
        )}
      </div>
      <div className="flex items-center justify-between gap-2 text-sm">
        <Label htmlFor="status-page-enabled">
          <Trans>Published</Trans>
        </Label>
        <Switch
          id="status-page-enabled"
          checked={enabled}
          disabled={!canWrite}
          onCheckedChange={setEnabled}
        />
      </div>
      {canWrite && (
        <Button type="submit" variant="outline" disabled={save.isPending}>
          <Trans>Save</Trans>
        </Button>
      )}
      {saved.enabled && saved.slug && (
        <p className="text-sm">
          <a className="underline" href={`/status/${saved.slug}`} target="_blank" rel="noreferrer">
            <Trans>Open the status page</Trans>
          </a>
        </p>
      )}
    </form>
  );
}

/** The workspace's public status page: off until an owner or admin publishes it under an address. */

/** The page's address before its slug: a path, the same in every language. */
const statusPathPrefix = '/status/';

export function StatusPageCard({ canWrite }: { canWrite: boolean }) {
  const page = useStatusPage();
  return (
    <Card data-status-page-card>
      <CardHeader>
        <CardTitle>
          <Trans>Public status page</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Shows anyone your apps' names, whether they are up and their last 30 days; nothing else.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={page}
          loading={<Skeleton className="h-24" />}
          errorTitle={<Trans>The status page settings could not be loaded.</Trans>}
        >
          {(saved) => <StatusPageForm saved={saved} canWrite={canWrite} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
