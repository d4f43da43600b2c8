import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { apiRequest, errorMessage } from '@client/lib/api';
import { applyServerErrors } from '@client/lib/form';
import { passwordResetSchema } from '@domain/auth/auth-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { NewPasswordField } from './new-password-field';

/** The page an emailed reset link opens: /reset-password?token=... */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { t } = useLingui();
  // The rule shows as it is typed, like the server will say it.
  const form = useForm<{ password: string }>({
    resolver: zodResolver(passwordResetSchema.pick({ password: true })),
    defaultValues: { password: '' },
    mode: 'onChange',
  });
  const reset = useMutation({
    mutationFn: (password: string) =>
      apiRequest('POST', '/api/auth/password-reset/confirm', { token, password }),
    onError: (error) => applyServerErrors(error, form),
  });
  const submit = form.handleSubmit(({ password }) => reset.mutate(password));
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <Trans>Choose a new password</Trans>
          </CardTitle>
          <CardDescription>
            {token
              ? t`After the change, you are signed out everywhere and sign in with the new password.`
              : t`This page needs the link from the password reset email.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {reset.isSuccess ? (
            <div className="space-y-4">
              <p role="status" className="flex gap-2 text-sm">
                <CheckCircle2 className="h-5 w-5 shrink-0 text-success" />
                <Trans>Your password has been changed. Sign in with your new password.</Trans>
              </p>
              <Button asChild className="w-full">
                <Link href="/login">
                  <Trans>Sign in</Trans>
                </Link>
              </Button>
            </div>
          ) : token ? (
            <form onSubmit={submit} className="space-y-4" noValidate>
              <NewPasswordField
                id="new-password"
                label={t`New password`}
                error={form.formState.errors.password?.message}
                registration={form.register('password')}
              />
              {reset.error && (
                <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
                  {errorMessage(reset.error)}
                </p>
              )}
              <Button type="submit" className="w-full" disabled={reset.isPending}>
                {reset.isPending && <Loader2 className="animate-spin" />}
                <Trans>Set new password</Trans>
              </Button>
            </form>
          ) : (
            <Button asChild variant="outline" className="w-full">
              <Link href="/login">
                <Trans>Back to sign in</Trans>
              </Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
