import type { CurrentUser } from '@client/lib/use-auth';
import { useEffect } from 'react';

/**
 * The server writes the manifest for whoever asks (the workspace's name, the user's language). Signing in,
 * switching language or workspace happens without a page load, so the page's manifest link changes with
 * them: a new address makes the browser read the manifest again. The query only tells the versions apart.
 */
export function useInstallManifest(user: CurrentUser | null): void {
  const version = user ? `${user.workspace.id}-${user.locale ?? user.workspace.defaultLocale ?? ''}` : null;
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.href = version ? `/manifest.webmanifest?for=${version}` : '/manifest.webmanifest';
  }, [version]);
}
