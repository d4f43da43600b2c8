import type { Tx } from '../../db/database.js';
import { products } from '../../db/schema/payments.js';

/**
 * What the demo world's three sites sell (websites 1, 2, 3 of the demo workspace). Sample catalogue
 * entries only: no payments are seeded, so every revenue figure starts at an honest zero.
 */
const demoProducts = [
  {
    websiteId: 1,
    name: 'Keynote Booking',
    description: 'A keynote talk for your event',
    priceCents: 250000,
    billing: 'one_time',
  },
  {
    websiteId: 1,
    name: '1:1 Coaching',
    description: 'Four sessions a month',
    priceCents: 49700,
    billing: 'monthly',
  },
  {
    websiteId: 2,
    name: 'Housing Advocate Certification',
    description: 'Self-paced course with exam',
    priceCents: 29700,
    billing: 'one_time',
  },
  {
    websiteId: 2,
    name: 'Continuing Education',
    description: 'Monthly workshops and credits',
    priceCents: 2900,
    billing: 'monthly',
  },
  {
    websiteId: 3,
    name: 'Agent Match Pro',
    description: 'AI-matched buyer leads',
    priceCents: 9900,
    billing: 'monthly',
  },
  {
    websiteId: 3,
    name: 'Annual Listing Boost',
    description: 'Featured listings for a year',
    priceCents: 99000,
    billing: 'yearly',
  },
] as const;

export async function seedDemoProducts(tx: Tx): Promise<void> {
  await tx.insert(products).values([...demoProducts]);
}
