import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import type { SettingsSectionProps } from '@client/features/settings';
import { formatDate } from '@client/i18n/format';
import { errorMessage } from '@client/lib/api';
import { userDisplayName, userInitials } from '@client/lib/user-display';
import type { CreatedInvite, WorkspaceMember } from '@domain/members/member-schemas';
import { type Role, roleLabels, roles } from '@domain/roles';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Loader2, Mail, Trash2, UserMinus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  useChangeMemberRole,
  useInviteMember,
  useMembers,
  usePendingInvites,
  useRemoveMember,
  useRevokeInvite,
} from './members-api';

type InvitableRole = Exclude<Role, 'owner'>;
const invitableRoles: InvitableRole[] = ['admin', 'member', 'viewer'];

const roleHints = {
  owner: msg`Everything, including owners`,
  admin: msg`Members, websites and billing`,
  member: msg`Works with workspace data`,
  viewer: msg`Read-only access`,
} satisfies Record<Role, unknown>;

function showError(title: string) {
  return (error: unknown) => toast({ title, description: errorMessage(error), variant: 'destructive' });
}

export function MembersSection({ user, canManage }: SettingsSectionProps) {
  const { data: members, isLoading, isError } = useMembers();
  return (
    <div className="space-y-6">
      {isLoading ? (
        <Skeleton className="h-24" />
      ) : isError ? (
        <p className="text-sm text-destructive">
          <Trans>Team members could not be loaded.</Trans>
        </p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {members?.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              isSelf={member.userId === user.id}
              canManage={canManage}
              canGrantOwner={user.role === 'owner'}
            />
          ))}
        </ul>
      )}
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
                { onError: showError(t`Could not change role`) },
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
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={t`Remove ${member.email}`}>
                <UserMinus className="text-destructive" />
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>
                  <Trans>Remove {name}?</Trans>
                </AlertDialogTitle>
                <AlertDialogDescription>
                  <Trans>They lose access to this workspace at once. You can invite them again later.</Trans>
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>
                  <Trans>Cancel</Trans>
                </AlertDialogCancel>
                <AlertDialogAction
                  variant="destructive"
                  onClick={() =>
                    remove.mutate(member.userId, { onError: showError(t`Could not remove member`) })
                  }
                >
                  <Trans>Remove</Trans>
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
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
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const invite = useInviteMember();
  const { t, i18n } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (result) => {
          setCreated(result);
          setEmail('');
        },
      },
    );
  };
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold">
        <Trans>Invite a teammate</Trans>
      </h4>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="invite-email">
            <Trans>Email</Trans>
          </Label>
          <Input
            id="invite-email"
            type="email"
            required
            placeholder={t`teammate@example.com`}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="space-y-1.5 sm:w-40">
          <Label htmlFor="invite-role">
            <Trans>Role</Trans>
          </Label>
          <Select value={role} onValueChange={(value) => setRole(value as InvitableRole)}>
            <SelectTrigger id="invite-role">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {invitableRoles.map((option) => (
                <SelectItem key={option} value={option}>
                  {i18n._(roleLabels[option])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? <Loader2 className="animate-spin" /> : <Mail />}
          <Trans>Create invite</Trans>
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">{t(roleHints[role])}.</p>
      {invite.error && <p className="text-sm text-destructive">{errorMessage(invite.error)}</p>}
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
              onClick={() => revoke.mutate(invite.id, { onError: showError(t`Could not revoke invite`) })}
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
