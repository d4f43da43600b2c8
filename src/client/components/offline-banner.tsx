import { useIsOffline } from '@client/lib/online';
import { useAuth } from '@client/lib/use-auth';
import { Trans } from '@lingui/react/macro';
import { WifiOff } from 'lucide-react';

/**
 * Says so while the browser is offline (the mobile-app area, docs/areas/mobile-app.md): signed in, that the
 * screens show the contacts and deals read recently and that nothing can be saved; signed out, that pages not
 * opened before may not load. Under the app shell's header, the site header and the landing page's. The
 * status region is always there, so screen readers announce the words the moment they appear.
 */
export function OfflineBanner() {
  const isOffline = useIsOffline();
  const { isAuthenticated } = useAuth();
  return (
    <div role="status" aria-live="polite">
      {isOffline && (
        <p className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:px-6">
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
          {isAuthenticated ? (
            <Trans>
              You are offline. Showing contacts and deals you viewed recently; changes can't be saved until
              you reconnect.
            </Trans>
          ) : (
            <Trans>You are offline. Pages you have not opened before may not load until you reconnect.</Trans>
          )}
        </p>
      )}
    </div>
  );
}
