import { z } from 'zod';
import { emailSchema } from '../auth/email-schema.js';
import { idParamSchema } from '../ids.js';
import { roles } from '../roles.js';

/** GET /api/workspace/members: one member of the workspace. */
export const workspaceMemberSchema = z.object({
  userId: z.number(),
  role: z.enum(roles),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  joinedAt: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const changeMemberRoleSchema = z.object({ role: z.enum(roles) });
export const memberUserIdParams = z.object({ userId: idParamSchema });

/** GET /api/workspace/invites (admins): an invite not yet accepted. */
export const pendingInviteSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(roles),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

export const inviteMemberSchema = z.object({
  email: emailSchema,
  role: z.enum(['admin', 'member', 'viewer']),
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** POST /api/workspace/invites answers with the link to hand over; the token is never stored or shown again. */
export const createdInviteSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(roles),
  expiresAt: z.string(),
  inviteUrl: z.string(),
});
export type CreatedInvite = z.infer<typeof createdInviteSchema>;
