import { lazy } from 'react';

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

/** The team members settings section. */
export const MembersSection = lazy(() =>
  import('./members-section').then((m) => ({ default: m.MembersSection })),
);
