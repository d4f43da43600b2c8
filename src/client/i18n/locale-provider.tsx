import { textDirection } from '@domain/locales';
import { I18nProvider, useLingui } from '@lingui/react';
import { DirectionProvider } from '@radix-ui/react-direction';
import { type ReactNode, useEffect } from 'react';
import { apiRequest } from '../lib/api';
import { type CurrentUser, setAuthUser, useAuth } from '../lib/use-auth';
import { activateLocale, i18n, pseudoLocale, resolveLocale, storedLocale } from './i18n';

/**
 * Gives every screen the active catalog, keeps it matched to the signed-in user, and tells Radix the
 * language's direction: its primitives set their own `dir` ('ltr' unless told), so without this Arabic
 * tabs, menus, selects and tooltips laid out and moved by arrow keys left to right.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <LocaleSync />
      <LocaleDirection>{children}</LocaleDirection>
    </I18nProvider>
  );
}

function LocaleDirection({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <DirectionProvider dir={textDirection(active.locale)}>{children}</DirectionProvider>;
}

function LocaleSync() {
  const { user, isLoading } = useAuth();
  useEffect(() => {
    if (isLoading) return;
    const visitorChoice = storedLocale();
    // A language picked before signing in or up becomes the user's own, so it follows them from now on.
    const adopted = user && !user.locale && visitorChoice !== pseudoLocale ? visitorChoice : null;
    if (adopted) {
      void apiRequest('PATCH', '/api/auth/user', { locale: adopted })
        .then((response) => response.json() as Promise<CurrentUser>)
        .then(setAuthUser);
    }
    const wanted = adopted ?? resolveLocale(user);
    if (wanted !== i18n.locale) void activateLocale(wanted);
  }, [user, isLoading]);
  return null;
}
