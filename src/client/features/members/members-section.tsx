import { ConfirmDeleteDialog } from '@client/components/confirm-delete-dialog';
import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { SettingsListSection } from '@client/components/settings-list-section';
import type { SettingsSectionProps } from '@client/components/settings-section-props';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { formatDate } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import { onErrorToast } from '@client/lib/error-toast';
import { applyServerErrors } from '@client/lib/form';
import { userDisplayName, userInitials } from '@client/lib/user-display';
import {
  type CreatedInvite,
  type InviteMemberInput,
  inviteMemberSchema,
  type WorkspaceMember,
} from '@domain/members/member-schemas';
import { type Role, roleLabels, roles } from '@domain/roles';
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Loader2, Mail, Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  useChangeMemberRole,
  useInviteMember,
  useMembers,
  usePendingInvites,
  useRemoveMember,
  useRevokeInvite,
} from './members-api';

const invitableRoles = inviteMemberSchema.shape.role.options;

const roleHints = {
  owner: msg`Everything, including owners`,
  admin: msg`Members, websites and billing`,
  member: msg`Works with workspace data`,
  viewer: msg`Read-only access`,
} satisfies Record<Role, unknown>;

export function MembersSection({ user, canManage }: SettingsSectionProps) {
  const members = useMembers();
  return (
    <div className="space-y-6">
      <SettingsListSection
        query={members}
        itemKey={(member) => member.userId}
        loading={<Skeleton className="h-24" />}
        errorTitle={<Trans>Team members could not be loaded.</Trans>}
      >
        {(member) => (
          <MemberRow
            member={member}
            isSelf={member.userId === user.id}
            canManage={canManage}
            canGrantOwner={user.role === 'owner'}
          />
        )}
      </SettingsListSection>
      {canManage && (
        <>
          <InviteForm />
          <PendingInvites />
        </>
      )}
    </div>
  );
}

function MemberRow({
  member,
  isSelf,
  canManage,
  canGrantOwner,
}: {
  member: WorkspaceMember;
  isSelf: boolean;
  canManage: boolean;
  canGrantOwner: boolean;
}) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  // Only an owner may touch an owner's row (the server refuses otherwise); nobody edits their own role here.
  const isEditable = canManage && !isSelf && (member.role !== 'owner' || canGrantOwner);
  const roleOptions = roles.filter((role) => role !== 'owner' || canGrantOwner);
  const { t, i18n } = useLingui();
  const name = userDisplayName(member);
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <Avatar>
        {member.profileImageUrl && <AvatarImage src={member.profileImageUrl} alt="" />}
        <AvatarFallback>{userInitials(member)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {userDisplayName(member)}
          {isSelf && (
            <span className="ms-1 text-muted-foreground">
              <Trans>(you)</Trans>
            </span>
          )}
        </p>
        <p className="truncate text-xs text-muted-foreground">{member.email}</p>
      </div>
      {isEditable ? (
        <div className="flex items-center gap-1">
          <Select
            value={member.role}
            onValueChange={(role) =>
              changeRole.mutate(
                { userId: member.userId, role: role as Role },
                { onError: onErrorToast(t`Could not change role`) },
              )
            }
            disabled={changeRole.isPending}
          >
            <SelectTrigger className="w-32" aria-label={t`Role of ${member.email}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {roleOptions.map((role) => (
                <SelectItem key={role} value={role}>
                  {i18n._(roleLabels[role])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <ConfirmDeleteDialog
            trigger={
              <Button variant="ghost" size="icon" aria-label={t`Remove ${member.email}`}>
                <UserMinus className="text-destructive" />
              </Button>
            }
            title={<Trans>Remove {name}?</Trans>}
            description={
              <Trans>They lose access to this workspace at once. You can invite them again later.</Trans>
            }
            confirmLabel={<Trans>Remove</Trans>}
            onConfirm={() => remove.mutateAsync(member.userId)}
            errorTitle={t`Could not remove member`}
          />
        </div>
      ) : (
        <Badge variant={member.role === 'owner' ? 'default' : 'secondary'} title={t(roleHints[member.role])}>
          {i18n._(roleLabels[member.role])}
        </Badge>
      )}
    </li>
  );
}

function InviteForm() {
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const invite = useInviteMember();
  const { t, i18n } = useLingui();
  const form = useForm<InviteMemberInput>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const role = form.watch('role');
  const submit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: (result) => {
        setCreated(result);
        form.reset({ email: '', role: input.role });
      },
      onError: (error) => applyServerErrors(error, form),
    }),
  );
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold">
        <Trans>Invite a teammate</Trans>
      </h4>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <FormField
          label={<Trans>Email</Trans>}
          error={form.formState.errors.email?.message}
          className="flex-1"
        >
          {(id, invalid) => (
            <Input
              id={id}
              type="email"
              aria-invalid={invalid}
              placeholder={t`teammate@example.com`}
              {...form.register('email')}
            />
          )}
        </FormField>
        <SelectField
          control={form.control}
          name="role"
          label={<Trans>Role</Trans>}
          className="sm:w-40"
          options={invitableRoles.map((option) => ({ value: option, label: i18n._(roleLabels[option]) }))}
        />
        <Button type="submit" disabled={invite.isPending} className="sm:mt-5">
          {invite.isPending ? <Loader2 className="animate-spin" /> : <Mail />}
          <Trans>Create invite</Trans>
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">{t(roleHints[role])}.</p>
      {invite.error && !form.formState.errors.email && (
        <p className="text-sm text-destructive">{errorMessage(invite.error)}</p>
      )}
      {created && <InviteLink invite={created} />}
    </div>
  );
}

function InviteLink({ invite }: { invite: CreatedInvite }) {
  const [isCopied, setIsCopied] = useState(false);
  const { t } = useLingui();
  const expires = formatDate(invite.expiresAt);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.inviteUrl);
      setIsCopied(true);
    } catch {
      toast({ title: t`Copy the link by hand`, description: t`Your browser did not allow copying.` });
    }
  };
  return (
    <div className="space-y-2 rounded-lg border border-primary/30 bg-accent/60 p-4">
      <p className="text-sm">
        <Trans>
          Send this link to <span className="font-medium">{invite.email}</span>. It works once and expires on{' '}
          {expires}.
        </Trans>
      </p>
      <div className="flex gap-2">
        <Input
          readOnly
          value={invite.inviteUrl}
          aria-label={t`Invite link`}
          data-testid="invite-link"
          onFocus={(e) => e.target.select()}
          className="font-mono text-xs"
        />
        <Button type="button" variant="outline" onClick={copy}>
          {isCopied ? <Check /> : <Copy />}
          {isCopied ? t`Copied` : t`Copy`}
        </Button>
      </div>
    </div>
  );
}

function PendingInvites() {
  const { data: invites, isLoading } = usePendingInvites(true);
  const revoke = useRevokeInvite();
  const { t, i18n } = useLingui();
  if (isLoading || !invites?.length) return null;
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold">
        <Trans>Pending invites</Trans>
      </h4>
      <ul className="divide-y rounded-lg border">
        {invites.map((invite) => (
          <li key={invite.id} className="flex items-center gap-3 p-3 text-sm">
            <Mail className="h-4 w-4 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="truncate">{invite.email}</p>
              <p className="text-xs text-muted-foreground">
                {i18n._(roleLabels[invite.role])} · {t`expires ${formatDate(invite.expiresAt)}`}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => revoke.mutate(invite.id, { onError: onErrorToast(t`Could not revoke invite`) })}
              disabled={revoke.isPending}
            >
              <Trash2 />
              <Trans>Revoke</Trans>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
