import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';

/**
 * Customers (contacts with status 'customer') who have paid at least once, matched to payments by email,
 * and how many of them paid for more than one distinct product (payment description). Runs inside the
 * member's workspace transaction, so row-level security limits it to that workspace.
 */
export async function countCustomerPurchases(
  tx: Tx,
): Promise<{ buyers: number; multiProductBuyers: number }> {
  const result = await tx.execute<{ buyers: number; multi: number }>(sql`
    with per_customer as (
      select c.id, count(distinct p.description) as products
      from contacts c
      join payments p on p.customer_email = c.email
      where c.status = 'customer'
      group by c.id
    )
    select count(*)::int as buyers, count(*) filter (where products > 1)::int as multi from per_customer`);
  const row = result.rows[0];
  return { buyers: row?.buyers ?? 0, multiProductBuyers: row?.multi ?? 0 };
}
