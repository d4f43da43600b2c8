import { Trans } from '@lingui/react/macro';
import { Globe } from 'lucide-react';

/**
 * Says that what follows is filtered to the website chosen in the sidebar (the dashboard hands every panel its
 * name), and how to see every website again; nothing while every website is shown.
 */
export function SelectedSiteNote({ siteName }: { siteName: string | null }) {
  if (!siteName) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="selected-site-note">
      <Globe className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        <Trans>
          Filtered to <span className="font-medium text-foreground">{siteName}</span>: select it again in the
          sidebar to see every website.
        </Trans>
      </span>
    </p>
  );
}
