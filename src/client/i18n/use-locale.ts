import type { Locale } from '@domain/locales';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { apiRequest } from '../lib/api';
import { type CurrentUser, setAuthUser, useAuth } from '../lib/use-auth';
import { type ActiveLocale, activateLocale, storeLocale } from './i18n';

/**
 * The active language and a way to change it: kept on this browser, and on the user when signed in
 * (so it follows them to other browsers and survives signing in again).
 */
export function useLocale(): { locale: ActiveLocale; setLocale: (locale: Locale) => Promise<void> } {
  const { i18n } = useLingui();
  const { user } = useAuth();
  const setLocale = useCallback(
    async (locale: Locale) => {
      storeLocale(locale);
      await activateLocale(locale);
      if (user) {
        // The session cache holds the session's answer ({ user }), not the user: setting the user itself
        // read as signed out, and the dashboard sent the member to sign in again.
        setAuthUser(
          await ((await apiRequest('PATCH', '/api/auth/user', { locale })).json() as Promise<CurrentUser>),
        );
      }
    },
    [user],
  );
  return { locale: i18n.locale as ActiveLocale, setLocale };
}
