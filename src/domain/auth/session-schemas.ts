import { z } from 'zod';
import { locales } from '../locales.js';
import { roles } from '../roles.js';

/*
 * Read by every page (the app shell asks who is signed in), so this file stays light: the request schemas
 * in auth-schemas.ts carry the 10,000-entry common-password list, which only the forms that set a
 * password load (issue 10: the landing page's initial JavaScript).
 */

/** The signed-in user (GET /api/auth/user, sign-in, sign-up, profile changes), with the workspace in use. */
export const currentUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  /** The user's own language; null = the workspace default, else the browser's. */
  locale: z.enum(locales).nullable(),
  role: z.enum(roles),
  workspace: z.object({
    id: z.number(),
    name: z.string(),
    plan: z.string(),
    subscriptionStatus: z.string(),
    trialEndsAt: z.string().nullable(),
    defaultLocale: z.enum(locales).nullable(),
    /** Restored from a backup and not started yet: nothing in it runs by itself (issue 30 §4). */
    heldSince: z.string().nullable(),
  }),
  workspaces: z.array(z.object({ id: z.number(), name: z.string(), role: z.enum(roles) })),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/auth/session: who is signed in, null for a visitor (a 200 either way). */
export const sessionAnswerSchema = z.object({ user: currentUserSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
