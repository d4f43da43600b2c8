import { AppError } from '@domain/app-error';
import { acceptedLanguages, matchLocale, sourceLocale } from '@domain/locales';
import { productName, type WebManifest, webManifest } from '@domain/mobile-app/web-manifest';
import type { AppDeps } from '../../deps.js';
import type { Member } from '../../http/session.js';
import { getCurrentUser } from '../auth/index.js';

/** The signed-in user, or null when the session names a workspace they have since left. */
async function currentUserOrNull(deps: AppDeps, member: Member) {
  try {
    return await getCurrentUser(deps, member);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthenticated') return null;
    throw error;
  }
}

/**
 * The manifest for whoever asks: signed in, the app is installed under the workspace's name and in the
 * user's language (as the app itself chooses it: theirs, the workspace's, the browser's); signed out, under
 * the product's name in the browser's language.
 */
export async function manifestFor(
  deps: AppDeps,
  member: Member | null,
  acceptLanguage: string | undefined,
): Promise<WebManifest> {
  const user = member ? await currentUserOrNull(deps, member) : null;
  const locale =
    user?.locale ??
    user?.workspace.defaultLocale ??
    matchLocale(acceptedLanguages(acceptLanguage)) ??
    sourceLocale;
  return webManifest({ name: user?.workspace.name ?? productName, locale });
}
