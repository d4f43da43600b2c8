import type { CurrentUser, SessionAnswer } from '@domain/auth/session-schemas';
import { useQuery } from '@tanstack/react-query';
import { queryWith } from './api';
import { queryClient } from './query-client';

export type { CurrentUser };

/**
 * Who is signed in: GET /api/auth/session answers `{ user }`, with null for a visitor. It stands in for the
 * spec's current-user read (GET /api/auth/user, which answers a visitor 401) because a browser logs every
 * 401 as a failed request, and a visitor opening a public page is not a failure.
 */
export const authUserKey = ['/api/auth/session'] as const;

/** Every page reads the session first: its schema loads only where answers are checked (development). */
const sessionAnswer = () => import('@domain/auth/session-schemas').then((m) => m.sessionAnswerSchema);

/** The signed-in user, or null for a visitor. Not retried (spec 000 §4). */
export function useAuth() {
  const { data, isLoading } = useQuery({
    queryKey: authUserKey,
    queryFn: queryWith(sessionAnswer),
    select: (answer: SessionAnswer) => answer.user,
    retry: false,
  });
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}

/** Puts a user the server just returned (after sign-in or a profile change) into the session cache. */
export function setAuthUser(user: CurrentUser | null): void {
  queryClient.setQueryData<SessionAnswer>(authUserKey, { user });
}

/**
 * Reads the session afresh and waits for it: after signing in, the next screen must see the new user, not
 * the cached visitor (otherwise it sends the new user to sign in again).
 */
export async function refreshAuthUser(): Promise<CurrentUser | null> {
  const answer = await queryClient.fetchQuery({
    queryKey: authUserKey,
    queryFn: queryWith(sessionAnswer),
    staleTime: 0,
  });
  return answer.user;
}
