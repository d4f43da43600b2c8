import type { ProfileImageType } from '@domain/auth/profile-image';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, Tx } from '../../db/database.js';
import {
  mailOutbox,
  passwordResetTokens,
  pendingSignUps,
  sessions,
  userProfileImages,
  users,
} from '../../db/schema/auth.js';
import { workspaces } from '../../db/schema/workspaces.js';

type Executor = Db | Tx;

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(users).where(sql`${users.email} = ${email}::citext`);
  return user ?? null;
}

export async function findUserByOidcSubject(db: Executor, subject: string) {
  const [user] = await db.select().from(users).where(eq(users.oidcSubject, subject));
  return user ?? null;
}

export async function linkOidcSubject(db: Executor, id: number, subject: string) {
  const [user] = await db.update(users).set({ oidcSubject: subject }).where(eq(users.id, id)).returning();
  return user;
}

export async function findUserById(db: Executor, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export async function insertUser(
  db: Executor,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string | null;
    oidcSubject?: string;
    locale?: string;
  },
) {
  const [user] = await db.insert(users).values(values).returning();
  return user;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<{
    firstName: string;
    lastName: string;
    profileImageUrl: string | null;
    locale: string | null;
  }>,
) {
  const [user] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return user;
}

/** How many hits a throttle key allows, and what happens past that. */
export interface ThrottleRule {
  limit: number;
  /** Fixed window: hits reset this long after the first. With backoff: forgotten this long after the last. */
  windowSeconds: number;
  /** Past the limit, one more hit after 2^(hits - limit) times this, up to `backoffMaxSeconds`. */
  backoffSeconds?: number;
  backoffMaxSeconds?: number;
}

/**
 * Reserves one hit on `key` in one statement: the upsert locks the row, so concurrent callers count
 * one after another. Returns null when the key is over its limit (nothing counted), else the hits.
 */
export async function reserveThrottleHit(
  tx: Executor,
  key: string,
  rule: ThrottleRule,
): Promise<number | null> {
  const backoff = rule.backoffSeconds !== undefined;
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const wait = sql`make_interval(secs => least(${rule.backoffSeconds ?? 0} * power(2, t.hits - ${rule.limit}), ${rule.backoffMaxSeconds ?? 0}))`;
  const { rows } = await tx.execute<{ hits: number }>(sql`
    insert into auth_throttles as t (key, hits, last_hit_at, window_ends_at)
    values (${key}, 1, now(), now() + ${window})
    on conflict (key) do update set
      hits = case when t.window_ends_at <= now() then 1 else t.hits + 1 end,
      last_hit_at = now(),
      window_ends_at = case when t.window_ends_at <= now() or ${backoff} then now() + ${window} else t.window_ends_at end
    where t.window_ends_at <= now() or t.hits < ${rule.limit}
      or (${backoff} and t.last_hit_at + ${wait} <= now())
    returning t.hits`);
  return rows[0] ? Number(rows[0].hits) : null;
}

/** Seconds until `key` allows another hit (0 if it already does). */
export async function throttleWaitSeconds(db: Executor, key: string, rule: ThrottleRule): Promise<number> {
  const wait = sql`make_interval(secs => least(${rule.backoffSeconds ?? 0} * power(2, t.hits - ${rule.limit}), ${rule.backoffMaxSeconds ?? 0}))`;
  const until =
    rule.backoffSeconds !== undefined
      ? sql`least(t.window_ends_at, t.last_hit_at + ${wait})`
      : sql`t.window_ends_at`;
  const { rows } = await db.execute<{ seconds: number }>(
    sql`select greatest(0, ceil(extract(epoch from ${until} - now())))::int as seconds from auth_throttles t where t.key = ${key}`,
  );
  return rows[0] ? Number(rows[0].seconds) : 0;
}

/** Gives a reserved hit back (a sign-in that turned out right is not a guess). */
export async function releaseThrottleHit(db: Executor, key: string) {
  await db.execute(sql`update auth_throttles set hits = greatest(hits - 1, 0) where key = ${key}`);
}

export async function clearThrottle(db: Executor, key: string) {
  await db.execute(sql`delete from auth_throttles where key = ${key}`);
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function recordSignIn(db: Executor, userId: number, at: Date) {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

export async function deleteSession(db: Executor, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user, except `keepId` (the one that changed the password) when given. */
export async function deleteUserSessions(db: Executor, userId: number, keepId?: string) {
  await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function insertPasswordResetToken(
  db: Executor,
  values: typeof passwordResetTokens.$inferInsert,
) {
  await db.insert(passwordResetTokens).values(values);
}

/** Marks a reset token used if it is unused and unexpired, atomically: a second use finds nothing. */
export async function consumePasswordResetToken(db: Executor, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** A new link makes the user's older unused links worthless. */
export async function expireUnusedResetTokens(db: Executor, userId: number) {
  await db
    .update(passwordResetTokens)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function setSessionWorkspace(db: Executor, id: string, workspaceId: number) {
  await db.update(sessions).set({ workspaceId }).where(eq(sessions.id, id));
}

export async function nextWorkspaceId(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('workspaces', 'id'))::bigint as id`,
  );
  return Number(rows[0].id);
}

export interface UserWorkspace {
  id: number;
  name: string;
  role: 'owner' | 'admin' | 'member' | 'viewer';
  plan: string;
  subscriptionStatus: string;
  trialEndsAt: Date | null;
  defaultLocale: string | null;
  heldSince: Date | null;
}

type UserWorkspaceRecord = {
  id: number;
  name: string;
  role: UserWorkspace['role'];
  plan: string;
  subscription_status: string;
  trial_ends_at: string | null;
  default_locale: string | null;
  held_since: string | null;
};

const toUserWorkspace = (r: UserWorkspaceRecord): UserWorkspace => ({
  id: Number(r.id),
  name: r.name,
  role: r.role,
  plan: r.plan,
  subscriptionStatus: r.subscription_status,
  trialEndsAt: r.trial_ends_at ? new Date(r.trial_ends_at) : null,
  defaultLocale: r.default_locale,
  heldSince: r.held_since ? new Date(r.held_since) : null,
});

/** The workspaces a user belongs to, oldest membership first (one query, see app_user_workspaces). */
export async function listUserWorkspaces(db: Executor, userId: number): Promise<UserWorkspace[]> {
  const { rows } = await db.execute<UserWorkspaceRecord>(sql`select * from app_user_workspaces(${userId})`);
  return rows.map(toUserWorkspace);
}

/**
 * The signed-in user's profile and workspaces in one statement: every page asks for it, so it is one
 * round trip and only the columns shown (bench/http, issue 9 item 7).
 */
/**
 * The signed-in user and their workspaces: the app's first read of every screen (bench/http), so a named
 * statement, parsed and planned once per pooled connection.
 */
export async function findUserWithWorkspaces(pool: pg.Pool, userId: number) {
  const { rows } = await pool.query<{
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    profile_image_url: string | null;
    locale: string | null;
    workspaces: UserWorkspaceRecord[];
  }>({
    name: 'current-user',
    text: `select u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.locale,
      coalesce((select json_agg(w) from app_user_workspaces(u.id) w), '[]'::json) as workspaces
    from users u where u.id = $1`,
    values: [userId],
  });
  const row = rows[0];
  if (!row) return null;
  return {
    user: {
      id: Number(row.id),
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      profileImageUrl: row.profile_image_url,
      locale: row.locale,
    },
    workspaces: row.workspaces.map(toUserWorkspace),
  };
}

export async function insertWorkspace(tx: Tx, values: typeof workspaces.$inferInsert) {
  const [workspace] = await tx.insert(workspaces).values(values).returning();
  return workspace;
}

/** The user's one profile image, replaced whole. */
export async function upsertProfileImage(
  db: Executor,
  userId: number,
  image: { contentType: ProfileImageType; bytes: Buffer; sha256: string },
) {
  await db
    .insert(userProfileImages)
    .values({ userId, ...image })
    .onConflictDoUpdate({ target: userProfileImages.userId, set: { ...image, updatedAt: sql`now()` } });
}

export async function deleteProfileImage(db: Executor, userId: number) {
  await db.delete(userProfileImages).where(eq(userProfileImages.userId, userId));
}

export async function findOwnProfileImage(db: Executor, userId: number) {
  const [row] = await db
    .select({ sha256: userProfileImages.sha256 })
    .from(userProfileImages)
    .where(eq(userProfileImages.userId, userId));
  return row ?? null;
}

/**
 * `userId`'s image as `viewerId` may see it: their own, or a member's of a workspace they share (the
 * members list shows it); null otherwise, as for a user without one.
 */
export async function findVisibleProfileImage(db: Executor, userId: number, viewerId: number) {
  const { rows } = await db.execute<{ content_type: ProfileImageType; bytes: Buffer; sha256: string }>(sql`
    select i.content_type, i.bytes, i.sha256 from user_profile_images i
    where i.user_id = ${userId}::bigint
      and (${userId}::bigint = ${viewerId}::bigint or exists (
        select 1 from app_user_workspaces(${viewerId}::bigint) mine
        join app_user_workspaces(${userId}::bigint) theirs on theirs.id = mine.id))`);
  const row = rows[0];
  return row ? { contentType: row.content_type, bytes: row.bytes, sha256: row.sha256 } : null;
}

export type PendingSignUp = typeof pendingSignUps.$inferSelect;

export async function insertPendingSignUp(db: Executor, values: typeof pendingSignUps.$inferInsert) {
  // Links nobody opened in time go as new sign-ups arrive: the table holds a day's sign-ups at most.
  await db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(pendingSignUps).values(values);
}

/**
 * Marks a sign-up link used if it is unused and unexpired, in one statement: two confirmations at once
 * queue on the row, and the second finds it used.
 */
export async function consumePendingSignUp(db: Executor, tokenHash: string): Promise<PendingSignUp | null> {
  const [row] = await db
    .update(pendingSignUps)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(pendingSignUps.tokenHash, tokenHash),
        isNull(pendingSignUps.usedAt),
        gt(pendingSignUps.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertOutboxMail(db: Executor, mail: { to: string; subject: string; text: string }) {
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, sql`now() - interval '1 day'`));
  await db.insert(mailOutbox).values({ toEmail: mail.to, subject: mail.subject, body: mail.text });
}

/** The newest mails kept for `to` (or for anyone), newest first. */
export async function latestOutboxMail(db: Executor, options: { to?: string; limit: number }) {
  return db
    .select()
    .from(mailOutbox)
    .where(options.to ? sql`${mailOutbox.toEmail} = ${options.to}::citext` : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(options.limit);
}
