import { desc } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { activities } from '../../db/schema/activities.js';

export async function insertActivity(tx: Tx, values: typeof activities.$inferInsert) {
  await tx.insert(activities).values(values);
}

/** Named: the dashboard's most frequent read is parsed and planned once per connection. */
export async function listActivities(tx: Tx, limit: number) {
  return tx
    .select({
      id: activities.id,
      type: activities.type,
      description: activities.description,
      messageId: activities.messageId,
      values: activities.messageValues,
      createdAt: activities.createdAt,
    })
    .from(activities)
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit)
    .prepare('activities-recent')
    .execute();
}
