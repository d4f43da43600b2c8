import { FormField } from '@client/components/form/form-field';
import type { SettingsSectionProps } from '@client/components/settings-section-props';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { NewPasswordField } from '@client/features/auth';
import { LocaleSwitcher } from '@client/i18n/locale-switcher';
import { apiRequest, errorMessage, requestJson } from '@client/lib/api';
import { applyServerErrors } from '@client/lib/form';
import { setAuthUser } from '@client/lib/use-auth';
import { userInitials } from '@client/lib/user-display';
import {
  type ChangePasswordInput,
  changePasswordSchema,
  currentUserSchema,
  profileSchema,
} from '@domain/auth/auth-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ProfileImageField } from './profile-image-field';

export function ProfileSection(props: SettingsSectionProps) {
  return (
    <div className="space-y-8">
      <ProfileForm {...props} />
      <div className="space-y-1.5">
        <Label htmlFor="profile-language">
          <Trans>Language</Trans>
        </Label>
        <LocaleSwitcher id="profile-language" className="h-9 w-64" />
      </div>
      <ChangePasswordForm />
    </div>
  );
}

type ProfileForm = z.input<typeof profileFormSchema>;
const profileFormSchema = profileSchema.pick({ firstName: true, lastName: true });

function ProfileForm({ user }: SettingsSectionProps) {
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
    },
  });
  const { errors } = form.formState;
  const { t } = useLingui();
  const save = useMutation({
    mutationFn: (input: ProfileForm) => requestJson(currentUserSchema, 'PATCH', '/api/auth/user', input),
    onSuccess: (updated) => {
      setAuthUser(updated);
      toast({ title: t`Profile saved`, description: t`Your name is up to date.` });
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const submit = form.handleSubmit((input) => save.mutate(input));
  const shown = form.watch();
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="text-sm">
        <p className="font-medium">{user.email}</p>
        <p className="text-muted-foreground">
          <Trans>Your email is your sign-in and cannot be changed here.</Trans>
        </p>
      </div>
      <ProfileImageField
        user={user}
        initials={userInitials({ ...user, firstName: shown.firstName ?? '', lastName: shown.lastName ?? '' })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={<Trans>First name</Trans>} error={errors.firstName?.message}>
          {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register('firstName')} />}
        </FormField>
        <FormField label={<Trans>Last name</Trans>} error={errors.lastName?.message}>
          {(id, invalid) => <Input id={id} aria-invalid={invalid} {...form.register('lastName')} />}
        </FormField>
      </div>
      {save.error && !Object.keys(errors).length && (
        <p className="text-sm text-destructive">{errorMessage(save.error)}</p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Loader2 className="animate-spin" />}
        <Trans>Save profile</Trans>
      </Button>
    </form>
  );
}

const emptyPasswords: ChangePasswordInput = { currentPassword: '', newPassword: '' };

/** Needs the current password; the server then ends every other session of this user. */
function ChangePasswordForm() {
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: emptyPasswords,
    // The new password's rule shows as it is typed.
    mode: 'onChange',
  });
  const { errors } = form.formState;
  const { t } = useLingui();
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest('POST', '/api/auth/password', input),
    onSuccess: () => {
      form.reset(emptyPasswords);
      toast({ title: t`Password changed`, description: t`You were signed out on every other device.` });
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const submit = form.handleSubmit((input) => change.mutate(input));
  return (
    <form
      onSubmit={submit}
      className="space-y-4 border-t pt-6"
      aria-labelledby="change-password-title"
      noValidate
    >
      <h3 id="change-password-title" className="font-medium">
        <Trans>Change password</Trans>
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={<Trans>Current password</Trans>} error={errors.currentPassword?.message}>
          {(id, invalid) => (
            <Input
              id={id}
              type="password"
              autoComplete="current-password"
              aria-invalid={invalid}
              {...form.register('currentPassword')}
            />
          )}
        </FormField>
        <NewPasswordField
          id="new-password"
          label={t`New password`}
          error={errors.newPassword?.message}
          registration={form.register('newPassword')}
        />
      </div>
      {change.error && !Object.keys(errors).length && (
        <p className="text-sm text-destructive">{errorMessage(change.error)}</p>
      )}
      <Button type="submit" variant="outline" disabled={change.isPending}>
        {change.isPending && <Loader2 className="animate-spin" />}
        <Trans>Change password</Trans>
      </Button>
    </form>
  );
}
