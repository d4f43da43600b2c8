import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { sessions, users } from '../db/schema/auth.js';

/** Sets (or, with null, removes) the demo owner's password; without one nobody can sign in with it. */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string | null) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function deleteUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
