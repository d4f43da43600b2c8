import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { fieldMessage } from '@client/i18n/field-message';
import { passwordMaxLength, passwordMinLength } from '@domain/auth/password-length';
import { useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A new-password input with the rule under it; `error` (the server's password rule, checked by the form's
 * resolver as it is typed) replaces the rule when there is one.
 */
export function NewPasswordField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useLingui();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete="new-password"
        maxLength={passwordMaxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        {...registration}
      />
      <p id={`${id}-hint`} className={error ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {error
          ? fieldMessage(error)
          : t`At least ${passwordMinLength} characters. Long phrases are welcome; common passwords are not.`}
      </p>
    </div>
  );
}
