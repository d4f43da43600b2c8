import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { passwordMaxLength, passwordMinLength, passwordSchema } from '@domain/auth/auth-schemas';
import { useLingui } from '@lingui/react/macro';

/** The server's own password rule, so a form can say what is wrong before it is sent. */
export function newPasswordProblem(password: string): string | null {
  return passwordSchema.safeParse(password).error?.issues[0]?.message ?? null;
}

/** A new-password input with the rule under it; the problem shows once something is typed. */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const problem = value ? newPasswordProblem(value) : null;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={id}
        type="password"
        autoComplete="new-password"
        required
        minLength={passwordMinLength}
        maxLength={passwordMaxLength}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className={problem ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {problem ??
          t`At least ${passwordMinLength} characters. Long phrases are welcome; common passwords are not.`}
      </p>
    </div>
  );
}
