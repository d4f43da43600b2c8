import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { apiRequest, errorMessage } from '@client/lib/api';
import type { PasswordResetRequested } from '@domain/auth/auth-schemas';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Loader2, MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';

/** "Forgot password?" on the sign-in form: asks for a reset link by email. */
export function ForgotPasswordDialog({ initialEmail }: { initialEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(initialEmail);
  const request = useMutation({
    mutationFn: async () =>
      (
        await apiRequest('POST', '/api/auth/password-reset', { email })
      ).json() as Promise<PasswordResetRequested>,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portaled out of the sign-in form in the page, but React still bubbles its submit there.
    event.stopPropagation();
    request.mutate();
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setEmail(initialEmail);
      request.reset();
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <button type="button" className="text-sm font-medium text-primary hover:underline">
          <Trans>Forgot password?</Trans>
        </button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Reset your password</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Enter the email you sign in with. We will send you a link to choose a new password.</Trans>
          </DialogDescription>
        </DialogHeader>
        {request.isSuccess ? (
          <p role="status" className="flex gap-2 rounded-md bg-accent p-3 text-sm text-accent-foreground">
            <MailCheck className="h-5 w-5 shrink-0" />
            {/* The server's answer, in the reader's language. */}
            <Trans>If an account uses that email, a link to reset its password is on its way.</Trans>
          </p>
        ) : (
          <form onSubmit={submit} className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor="reset-email">
                <Trans>Email</Trans>
              </Label>
              <Input
                id="reset-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            {request.error && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(request.error)}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={request.isPending}>
              {request.isPending && <Loader2 className="animate-spin" />}
              <Trans>Send reset link</Trans>
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
