/** The workspace's members and invites (the members settings section, deal owner filters). */
export {
  invitesKey,
  membersKey,
  useChangeMemberRole,
  useInviteMember,
  useMembers,
  usePendingInvites,
  useRemoveMember,
  useRevokeInvite,
} from './members-api';
