import { QueryState } from '@client/components/query-state';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useSnippet } from './analytics-api';

/** The website's tracking tag with a copy button, and how to install it. */
export function InstallSnippet({ siteId, siteName }: { siteId: number; siteName: string }) {
  const snippet = useSnippet(siteId);
  const [copied, setCopied] = useState(false);
  const { t } = useLingui();
  if (!snippet.data || snippet.error)
    return (
      <QueryState
        query={snippet}
        loading={<Skeleton className="h-16" />}
        errorTitle={<Trans>The tracking tag could not be loaded.</Trans>}
      />
    );
  const tag = snippet.data.snippet;
  const copy = async () => {
    await navigator.clipboard.writeText(tag);
    setCopied(true);
    toast({ title: t`Tracking tag copied`, description: siteName });
  };
  return (
    <div className="space-y-2" data-snippet={siteId}>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Paste this tag into every page of the website, before the closing head tag. Visits appear here
          within a minute of the first page view.
        </Trans>
      </p>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 overflow-x-auto whitespace-pre rounded-md bg-muted px-3 py-2 font-mono text-xs">
          {tag}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={copy}
          aria-label={t`Copy the tracking tag of ${siteName}`}
        >
          {copied ? <Check /> : <Copy />}
          {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
        </Button>
      </div>
    </div>
  );
}
