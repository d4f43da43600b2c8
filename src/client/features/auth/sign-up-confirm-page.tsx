import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { apiRequest, errorMessage } from '@client/lib/api';
import { refreshAuthUser, useAuth } from '@client/lib/use-auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { safeNextPath } from './next-path';

/**
 * The page an emailed sign-up link opens: /signup/confirm?token=... It confirms the link (a POST, so a
 * mail scanner that only fetches the page creates nothing), which creates the account and signs in.
 */
export function SignUpConfirmPage() {
  const params = new URLSearchParams(useSearch());
  const token = params.get('token') ?? '';
  const nextPath = safeNextPath(params.get('next'));
  const { t } = useLingui();
  const { isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  const confirm = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/signup/confirm', { token }),
    onSuccess: () => refreshAuthUser(),
  });
  // Once, even when React runs the effect twice: a second POST would find the link used.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate();
  }, [token, confirm]);
  // On to `next` once the route table knows the new user (as the sign-in page does).
  useEffect(() => {
    if (confirm.isSuccess && isAuthenticated) navigate(nextPath, { replace: true });
  }, [confirm.isSuccess, isAuthenticated, navigate, nextPath]);

  const failed = !token || confirm.isError;
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <Trans>Confirm your email</Trans>
          </CardTitle>
          <CardDescription>
            {token ? t`Finishing your sign-up…` : t`This page needs the link from the sign-up email.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {confirm.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(confirm.error)}
            </p>
          )}
          {failed ? (
            <div className="flex flex-col gap-2">
              <Button asChild className="w-full">
                <Link href="/login?signup=1">
                  <Trans>Sign up again</Trans>
                </Link>
              </Button>
              <Button asChild variant="outline" className="w-full">
                <Link href="/login">
                  <Trans>Back to sign in</Trans>
                </Link>
              </Button>
            </div>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm">
              <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
              <Trans>Creating your account…</Trans>
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
