import type { Locale } from '@domain/locales';
import type { Role } from '@domain/roles';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api';

export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  /** The user's own language; null = the workspace default, else the browser's. */
  locale: Locale | null;
  role: Role;
  workspace: {
    id: number;
    name: string;
    plan: string;
    subscriptionStatus: string;
    trialEndsAt: string | null;
    defaultLocale: Locale | null;
  };
  workspaces: { id: number; name: string; role: Role }[];
}

export const authUserKey = ['/api/auth/user'] as const;

/** The signed-in user, or null for a visitor (a 401 is an answer here, not an error). */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: authUserKey,
    queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}
