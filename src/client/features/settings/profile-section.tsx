import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { NewPasswordField, newPasswordProblem } from '@client/features/auth';
import { LocaleSwitcher } from '@client/i18n/locale-switcher';
import { apiRequest, errorMessage } from '@client/lib/api';
import { type CurrentUser, setAuthUser } from '@client/lib/use-auth';
import { userInitials } from '@client/lib/user-display';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { SettingsSectionProps } from './settings-sections';

/** A URL's shape, the same in every language. */
const urlPlaceholder = 'https://...';

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

function ProfileForm({ user }: SettingsSectionProps) {
  const [form, setForm] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl ?? '',
  });
  const { t } = useLingui();
  const save = useMutation({
    mutationFn: async () =>
      (await apiRequest('PATCH', '/api/auth/user', form)).json() as Promise<CurrentUser>,
    onSuccess: (updated) => {
      setAuthUser(updated);
      toast({ title: t`Profile saved`, description: t`Your name and picture are up to date.` });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="flex items-center gap-4">
        <Avatar className="h-14 w-14 text-base">
          {form.profileImageUrl && <AvatarImage src={form.profileImageUrl} alt="" />}
          <AvatarFallback className="text-base">{userInitials({ ...user, ...form })}</AvatarFallback>
        </Avatar>
        <div className="text-sm">
          <p className="font-medium">{user.email}</p>
          <p className="text-muted-foreground">
            <Trans>Your email is your sign-in and cannot be changed here.</Trans>
          </p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="profile-first-name">
            <Trans>First name</Trans>
          </Label>
          <Input
            id="profile-first-name"
            required
            value={form.firstName}
            onChange={(e) => setForm({ ...form, firstName: e.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="profile-last-name">
            <Trans>Last name</Trans>
          </Label>
          <Input
            id="profile-last-name"
            value={form.lastName}
            onChange={(e) => setForm({ ...form, lastName: e.target.value })}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="profile-image">
          <Trans>Profile image URL</Trans>
        </Label>
        <Input
          id="profile-image"
          type="url"
          placeholder={urlPlaceholder}
          value={form.profileImageUrl}
          onChange={(e) => setForm({ ...form, profileImageUrl: e.target.value })}
        />
        <p className="text-xs text-muted-foreground">
          <Trans>Leave empty to show your initials.</Trans>
        </p>
      </div>
      {save.error && <p className="text-sm text-destructive">{errorMessage(save.error)}</p>}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Loader2 className="animate-spin" />}
        <Trans>Save profile</Trans>
      </Button>
    </form>
  );
}

/** Needs the current password; the server then ends every other session of this user. */
function ChangePasswordForm() {
  const empty = { currentPassword: '', newPassword: '' };
  const [form, setForm] = useState(empty);
  const { t } = useLingui();
  const change = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/password', form),
    onSuccess: () => {
      setForm(empty);
      toast({ title: t`Password changed`, description: t`You were signed out on every other device.` });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!newPasswordProblem(form.newPassword)) change.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-4 border-t pt-6" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="font-medium">
        <Trans>Change password</Trans>
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="current-password">
            <Trans>Current password</Trans>
          </Label>
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            required
            value={form.currentPassword}
            onChange={(e) => setForm({ ...form, currentPassword: e.target.value })}
          />
        </div>
        <NewPasswordField
          id="new-password"
          label={t`New password`}
          value={form.newPassword}
          onChange={(newPassword) => setForm({ ...form, newPassword })}
        />
      </div>
      {change.error && <p className="text-sm text-destructive">{errorMessage(change.error)}</p>}
      <Button type="submit" variant="outline" disabled={change.isPending}>
        {change.isPending && <Loader2 className="animate-spin" />}
        <Trans>Change password</Trans>
      </Button>
    </form>
  );
}
