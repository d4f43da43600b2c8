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
import {
  useChangeMemberRole,
  useInviteMember,
  useMembers,
  usePendingInvites,
  useRemoveMember,
  useRevokeInvite,
} from '@client/features/members';
import { errorMessage } from '@client/lib/api';
import { userDisplayName, userInitials } from '@client/lib/user-display';
import type { CreatedInvite, WorkspaceMember } from '@domain/members/member-schemas';
import { type Role, roleLabels, roles } from '@domain/roles';
import { Check, Copy, Loader2, Mail, Trash2, UserMinus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { SettingsSectionProps } from './settings-sections';

type InvitableRole = Exclude<Role, 'owner'>;
const invitableRoles: InvitableRole[] = ['admin', 'member', 'viewer'];

const roleHints: Record<Role, string> = {
  owner: 'Everything, including owners',
  admin: 'Members, websites and billing',
  member: 'Works with workspace data',
  viewer: 'Read-only access',
};

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
        <p className="text-sm text-destructive">Team members could not be loaded.</p>
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
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <Avatar>
        {member.profileImageUrl && <AvatarImage src={member.profileImageUrl} alt="" />}
        <AvatarFallback>{userInitials(member)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {userDisplayName(member)}
          {isSelf && <span className="ml-1 text-muted-foreground">(you)</span>}
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
                { onError: showError('Could not change role') },
              )
            }
            disabled={changeRole.isPending}
          >
            <SelectTrigger className="w-32" aria-label={`Role of ${member.email}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {roleOptions.map((role) => (
                <SelectItem key={role} value={role}>
                  {roleLabels[role]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Remove ${member.email}`}>
                <UserMinus className="text-destructive" />
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Remove {userDisplayName(member)}?</AlertDialogTitle>
                <AlertDialogDescription>
                  They lose access to this workspace at once. You can invite them again later.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  variant="destructive"
                  onClick={() =>
                    remove.mutate(member.userId, { onError: showError('Could not remove member') })
                  }
                >
                  Remove
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      ) : (
        <Badge variant={member.role === 'owner' ? 'default' : 'secondary'} title={roleHints[member.role]}>
          {roleLabels[member.role]}
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
      <h4 className="text-sm font-semibold">Invite a teammate</h4>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="invite-email">Email</Label>
          <Input
            id="invite-email"
            type="email"
            required
            placeholder="teammate@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="space-y-1.5 sm:w-40">
          <Label htmlFor="invite-role">Role</Label>
          <Select value={role} onValueChange={(value) => setRole(value as InvitableRole)}>
            <SelectTrigger id="invite-role">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {invitableRoles.map((option) => (
                <SelectItem key={option} value={option}>
                  {roleLabels[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? <Loader2 className="animate-spin" /> : <Mail />}
          Create invite
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">{roleHints[role]}.</p>
      {invite.error && <p className="text-sm text-destructive">{errorMessage(invite.error)}</p>}
      {created && <InviteLink invite={created} />}
    </div>
  );
}

function InviteLink({ invite }: { invite: CreatedInvite }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.inviteUrl);
      setIsCopied(true);
    } catch {
      toast({ title: 'Copy the link by hand', description: 'Your browser did not allow copying.' });
    }
  };
  return (
    <div className="space-y-2 rounded-lg border border-primary/30 bg-accent/60 p-4">
      <p className="text-sm">
        Send this link to <span className="font-medium">{invite.email}</span>. It works once and expires on{' '}
        {new Date(invite.expiresAt).toLocaleDateString()}.
      </p>
      <div className="flex gap-2">
        <Input
          readOnly
          value={invite.inviteUrl}
          aria-label="Invite link"
          data-testid="invite-link"
          onFocus={(e) => e.target.select()}
          className="font-mono text-xs"
        />
        <Button type="button" variant="outline" onClick={copy}>
          {isCopied ? <Check /> : <Copy />}
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}

function PendingInvites() {
  const { data: invites, isLoading } = usePendingInvites(true);
  const revoke = useRevokeInvite();
  if (isLoading || !invites?.length) return null;
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold">Pending invites</h4>
      <ul className="divide-y rounded-lg border">
        {invites.map((invite) => (
          <li key={invite.id} className="flex items-center gap-3 p-3 text-sm">
            <Mail className="h-4 w-4 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="truncate">{invite.email}</p>
              <p className="text-xs text-muted-foreground">
                {roleLabels[invite.role]} · expires {new Date(invite.expiresAt).toLocaleDateString()}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => revoke.mutate(invite.id, { onError: showError('Could not revoke invite') })}
              disabled={revoke.isPending}
            >
              <Trash2 />
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
