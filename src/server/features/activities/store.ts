import type { StoredValues } from '@domain/messages';
import { clientOf, type Tx } from '../../db/database.js';
import { activities } from '../../db/schema/activities.js';

export async function insertActivity(tx: Tx, values: typeof activities.$inferInsert) {
  await tx.insert(activities).values(values);
}

/**
 * The feed's newest lines, as a named statement straight through pg: the dashboard's most frequent read
 * (bench/http) is parsed and planned once per connection, and its rows come back in their final shape.
 */
export async function listActivities(tx: Tx, limit: number) {
  const { rows } = await clientOf(tx).query<{
    id: number;
    type: string;
    description: string;
    messageId: string | null;
    values: StoredValues | null;
    createdAt: Date;
  }>({
    name: 'activities-recent',
    text: `select id::int as id, type, description, message_id as "messageId", message_values as "values",
             created_at as "createdAt"
           from activities order by created_at desc, id desc limit $1`,
    values: [limit],
  });
  return rows;
}
