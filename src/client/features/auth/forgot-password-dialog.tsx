import { FormField } from '@client/components/form/form-field';
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
import { errorMessage, requestJson } from '@client/lib/api';
import { applyServerErrors } from '@client/lib/form';
import {
  type PasswordResetRequest,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
} from '@domain/auth/auth-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Loader2, MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';

/** "Forgot password?" on the sign-in form: asks for a reset link by email. */
export function ForgotPasswordDialog({ initialEmail }: { initialEmail: string }) {
  const [open, setOpen] = useState(false);
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: initialEmail },
  });
  const request = useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      requestJson(passwordResetRequestedSchema, 'POST', '/api/auth/password-reset', input),
    onError: (error) => applyServerErrors(error, form),
  });
  const submit = (event: FormEvent) => {
    // The dialog is portaled out of the sign-in form in the page, but React still bubbles its submit there.
    event.stopPropagation();
    return form.handleSubmit((input) => request.mutate(input))(event);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      form.reset({ email: initialEmail });
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
          <form onSubmit={submit} className="space-y-4" noValidate>
            <FormField label={<Trans>Email</Trans>} error={form.formState.errors.email?.message}>
              {(id, invalid) => (
                <Input
                  id={id}
                  type="email"
                  autoComplete="email"
                  aria-invalid={invalid}
                  {...form.register('email')}
                />
              )}
            </FormField>
            {request.error && !form.formState.errors.email && (
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
