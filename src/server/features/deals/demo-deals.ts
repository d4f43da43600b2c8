import type { ContactStatus } from '@domain/contacts/contact-schemas';
import type { DealStage } from '@domain/deals/deal-schemas';
import type { Tx } from '../../db/database.js';
import { listContacts } from '../contacts/index.js';
import { listWebsites } from '../websites/index.js';
import { createDeal, moveDeal } from './service.js';

/** Where a demo contact's deal sits, by the contact's status, taken in turn so every stage has cards. */
const stagesByStatus: Record<ContactStatus, DealStage[]> = {
  lead: ['leads', 'leads', 'qualified'],
  qualified: ['qualified', 'proposal', 'negotiation'],
  customer: ['won'],
  lost: ['lost'],
};

const dealNames = [
  'Coaching package',
  'Keynote booking',
  'Certification cohort',
  'Workshop series',
  'Annual retainer',
];
const lostReasons = ['Chose an internal trainer', 'Budget moved to next year', 'No reply after the proposal'];

/** One deal per demo contact, spread over every stage, closing over the next three months. */
export async function seedDemoDeals(tx: Tx, context: { ownerId: number; now?: Date }): Promise<void> {
  const now = context.now ?? new Date();
  const { contacts } = await listContacts(tx, { sort: 'createdAt', dir: 'asc', limit: 100 });
  const websites = await listWebsites(tx);
  const turn: Record<ContactStatus, number> = { lead: 0, qualified: 0, customer: 0, lost: 0 };
  for (const [index, contact] of contacts.entries()) {
    const options = stagesByStatus[contact.status];
    const stage = options[turn[contact.status] % options.length];
    turn[contact.status] += 1;
    const close = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + (index % 3), 5 + ((index * 7) % 23)),
    );
    const deal = await createDeal(
      tx,
      {
        name: dealNames[index % dealNames.length],
        valueCents: contact.valueCents || (index + 3) * 50_000,
        currency: 'USD',
        stage: stage === 'lost' ? 'negotiation' : stage,
        contactId: contact.id,
        websiteId: websites.find((w) => w.name === contact.source)?.id ?? null,
        expectedCloseDate: close.toISOString().slice(0, 10),
      },
      { actorUserId: context.ownerId },
    );
    // A lost deal gets there the way people lose them: from negotiation, with a reason.
    if (stage === 'lost') {
      await moveDeal(
        tx,
        deal.id,
        { stage, lostReason: lostReasons[index % lostReasons.length] },
        context.ownerId,
      );
    }
  }
}
