import type { ContactStatus, ContactType } from '@domain/contacts/contact-schemas';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { addTimelineEntry, upsertContactByIdentity } from './ingestion.js';
import { updateContactRow } from './store.js';

interface DemoContact {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  company?: string;
  /** Index into the demo websites (0, 1, 2), or null for Unknown. */
  site: number | null;
  status: ContactStatus;
  valueDollars: number;
  /** Days since the last contact; undefined = never contacted. */
  lastContactDaysAgo?: number;
  /** Around downtown Austin, TX, for the geofence demo: offsets in thousandths of a degree. */
  near?: { dLat: number; dLng: number; type: ContactType; address: string; zip: string };
  note?: string;
}

const austin = { latitude: 30.2672, longitude: -97.7431 };

const demoContacts: DemoContact[] = [
  {
    firstName: 'Sarah',
    lastName: 'Mitchell',
    email: 'sarah.mitchell@brightpath.example',
    phone: '(512) 555-0101',
    company: 'BrightPath Consulting',
    site: 0,
    status: 'customer',
    valueDollars: 4500,
    lastContactDaysAgo: 2,
    note: 'Booked the spring leadership keynote; wants a follow-up workshop.',
  },
  {
    firstName: 'David',
    lastName: 'Chen',
    email: 'dchen@northwind.example',
    phone: '(512) 555-0102',
    company: 'Northwind Traders',
    site: 0,
    status: 'qualified',
    valueDollars: 7500,
    lastContactDaysAgo: 5,
    note: 'Interested in a 3-session coaching package for the sales team.',
  },
  {
    firstName: 'Emily',
    lastName: 'Rodriguez',
    email: 'emily.r@summitgroup.example',
    company: 'Summit Group',
    site: 0,
    status: 'lead',
    valueDollars: 0,
  },
  {
    firstName: 'Michael',
    lastName: 'Thompson',
    email: 'mthompson@apexevents.example',
    phone: '(737) 555-0104',
    company: 'Apex Events',
    site: 0,
    status: 'qualified',
    valueDollars: 12000,
    lastContactDaysAgo: 1,
    note: 'Conference in October, 800 attendees. Sent the speaker one-sheet.',
  },
  {
    firstName: 'Jessica',
    lastName: 'Nguyen',
    email: 'jessica.nguyen@lumen.example',
    company: 'Lumen Health',
    site: 0,
    status: 'lost',
    valueDollars: 3000,
    lastContactDaysAgo: 40,
    note: 'Went with an internal trainer this year.',
  },
  {
    firstName: 'Robert',
    lastName: 'Williams',
    email: 'rwilliams@cityhousing.example',
    phone: '(512) 555-0106',
    company: 'City Housing Partners',
    site: 1,
    status: 'customer',
    valueDollars: 1200,
    lastContactDaysAgo: 8,
  },
  {
    firstName: 'Angela',
    lastName: 'Brooks',
    email: 'angela.brooks@fairhomes.example',
    company: 'Fair Homes Alliance',
    site: 1,
    status: 'qualified',
    valueDollars: 2400,
    lastContactDaysAgo: 3,
    note: 'Enrolling four staff in the certification cohort.',
  },
  {
    firstName: 'Marcus',
    lastName: 'Johnson',
    email: 'marcus.j@gmail.example',
    site: 1,
    status: 'lead',
    valueDollars: 0,
    lastContactDaysAgo: 12,
  },
  {
    firstName: 'Priya',
    lastName: 'Patel',
    email: 'priya.patel@communitytrust.example',
    phone: '(512) 555-0109',
    company: 'Community Land Trust',
    site: 1,
    status: 'customer',
    valueDollars: 600,
    lastContactDaysAgo: 20,
  },
  {
    firstName: 'Thomas',
    lastName: 'Anderson',
    email: 'tanderson@metrorenters.example',
    company: 'Metro Renters Union',
    site: 1,
    status: 'lead',
    valueDollars: 0,
  },
  {
    firstName: 'Linda',
    lastName: 'Garcia',
    email: 'linda.garcia@outlook.example',
    phone: '(512) 555-0111',
    site: 1,
    status: 'lost',
    valueDollars: 300,
    lastContactDaysAgo: 60,
  },
  {
    firstName: 'Kevin',
    lastName: 'Harris',
    email: 'kevin.harris@keystonerealty.example',
    phone: '(512) 555-0112',
    company: 'Keystone Realty',
    site: 2,
    status: 'qualified',
    valueDollars: 18500,
    lastContactDaysAgo: 1,
    near: { dLat: 12, dLng: -8, type: 'realtor', address: '1100 Congress Ave', zip: '78701' },
    note: 'Co-listing on two East Austin properties.',
  },
  {
    firstName: 'Rachel',
    lastName: 'Kim',
    email: 'rachel.kim@gmail.example',
    phone: '(512) 555-0113',
    site: 2,
    status: 'lead',
    valueDollars: 0,
    lastContactDaysAgo: 4,
    near: { dLat: -15, dLng: 20, type: 'buyer', address: '2300 E Cesar Chavez St', zip: '78702' },
  },
  {
    firstName: 'Daniel',
    lastName: 'Foster',
    email: 'dfoster@fosterholdings.example',
    phone: '(512) 555-0114',
    company: 'Foster Holdings',
    site: 2,
    status: 'customer',
    valueDollars: 32000,
    lastContactDaysAgo: 6,
    near: { dLat: 30, dLng: 25, type: 'investor', address: '4200 N Lamar Blvd', zip: '78756' },
    note: 'Closed on the duplex; looking for two more rentals.',
  },
  {
    firstName: 'Olivia',
    lastName: 'Bennett',
    email: 'olivia.bennett@yahoo.example',
    phone: '(512) 555-0115',
    site: 2,
    status: 'qualified',
    valueDollars: 9000,
    lastContactDaysAgo: 2,
    near: { dLat: -22, dLng: -30, type: 'seller', address: '1800 S Lamar Blvd', zip: '78704' },
  },
  {
    firstName: 'James',
    lastName: 'Ortiz',
    email: 'james.ortiz@homefront.example',
    phone: '(512) 555-0116',
    company: 'HomeFront Realty',
    site: 2,
    status: 'lead',
    valueDollars: 0,
    near: { dLat: 40, dLng: -35, type: 'realtor', address: '3300 Bee Caves Rd', zip: '78746' },
  },
  {
    firstName: 'Hannah',
    lastName: 'Lee',
    email: 'hannah.lee@icloud.example',
    phone: '(512) 555-0117',
    site: 2,
    status: 'qualified',
    valueDollars: 6500,
    lastContactDaysAgo: 9,
    near: { dLat: 5, dLng: 45, type: 'buyer', address: '1400 E 6th St', zip: '78702' },
  },
  {
    firstName: 'Carlos',
    lastName: 'Mendoza',
    email: 'carlos.mendoza@gmail.example',
    phone: '(512) 555-0118',
    site: 2,
    status: 'lead',
    valueDollars: 0,
    near: { dLat: -40, dLng: 10, type: 'friend', address: '500 W Oltorf St', zip: '78704' },
  },
  {
    firstName: 'Grace',
    lastName: 'Sullivan',
    email: 'grace.sullivan@gmail.example',
    phone: '(512) 555-0119',
    site: null,
    status: 'lead',
    valueDollars: 0,
    lastContactDaysAgo: 15,
    near: { dLat: 18, dLng: -50, type: 'family', address: '2500 Exposition Blvd', zip: '78703' },
  },
  {
    firstName: 'Brian',
    lastName: 'Walker',
    email: 'bwalker@capitalinvest.example',
    phone: '(512) 555-0120',
    company: 'Capital Invest Partners',
    site: 2,
    status: 'customer',
    valueDollars: 24000,
    lastContactDaysAgo: 30,
    near: { dLat: -8, dLng: -12, type: 'investor', address: '600 Congress Ave', zip: '78701' },
  },
  {
    firstName: 'Natalie',
    lastName: 'Price',
    email: 'natalie.price@pricemedia.example',
    company: 'Price Media',
    site: 0,
    status: 'lead',
    valueDollars: 0,
    lastContactDaysAgo: 7,
  },
  {
    firstName: 'Steven',
    lastName: 'Wright',
    email: 'steven.wright@wrightbuild.example',
    phone: '(214) 555-0122',
    company: 'Wright Builders',
    site: 2,
    status: 'lost',
    valueDollars: 15000,
    lastContactDaysAgo: 90,
  },
  {
    firstName: 'Monica',
    lastName: 'Alvarez',
    email: 'monica.alvarez@nonprofit.example',
    company: 'Neighborhood Housing Coalition',
    site: 1,
    status: 'qualified',
    valueDollars: 1800,
    lastContactDaysAgo: 11,
  },
  {
    firstName: 'Tyler',
    lastName: 'Morgan',
    email: 'tyler.morgan@gmail.example',
    site: null,
    status: 'lead',
    valueDollars: 0,
  },
  {
    firstName: 'Lauren',
    lastName: 'Hayes',
    email: 'lauren.hayes@hayesco.example',
    phone: '(512) 555-0125',
    company: 'Hayes & Co',
    site: 0,
    status: 'customer',
    valueDollars: 8800,
    lastContactDaysAgo: 14,
    note: 'Quarterly executive coaching renewed.',
  },
];

const dayMs = 86_400_000;

/** The demo workspace's contacts: a realistic CRM across the three sites, some near Austin for the geofence. */
export async function seedDemoContacts(
  tx: Tx,
  context: { ownerId: number; siteNames: readonly string[]; now?: Date },
): Promise<void> {
  const now = (context.now ?? new Date()).getTime();
  for (const demo of demoContacts) {
    const { contact } = await upsertContactByIdentity(
      tx,
      {
        firstName: demo.firstName,
        lastName: demo.lastName,
        email: demo.email,
        phone: demo.phone,
        company: demo.company,
        source: demo.site === null ? 'Unknown' : context.siteNames[demo.site],
        status: demo.status,
        address: demo.near?.address,
        city: demo.near ? 'Austin' : undefined,
        state: demo.near ? 'TX' : undefined,
        zip: demo.near?.zip,
        latitude: demo.near ? austin.latitude + demo.near.dLat / 1000 : undefined,
        longitude: demo.near ? austin.longitude + demo.near.dLng / 1000 : undefined,
        contactType: demo.near?.type,
      },
      { via: 'manual', actorUserId: context.ownerId },
    );
    const lastContact =
      demo.lastContactDaysAgo === undefined ? null : new Date(now - demo.lastContactDaysAgo * dayMs);
    await updateContactRow(tx, contact.id, {
      valueCents: demo.valueDollars * 100,
      lastContactedAt: lastContact,
    });
    if (lastContact) {
      await addTimelineEntry(tx, contact.id, {
        kind: demo.phone ? 'call' : 'email',
        title: demo.phone
          ? serverMessage('timeline.demoCall')
          : serverMessage('timeline.demoFollowUp', { name: demo.firstName }),
        occurredAt: lastContact,
        createdBy: context.ownerId,
      });
    }
    if (demo.note) {
      await addTimelineEntry(tx, contact.id, {
        kind: 'note',
        title: demo.note.length > 80 ? `${demo.note.slice(0, 77)}...` : demo.note,
        body: demo.note,
        occurredAt: lastContact ?? new Date(now),
        createdBy: context.ownerId,
      });
    }
  }
}
