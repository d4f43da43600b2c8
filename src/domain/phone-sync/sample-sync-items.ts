import type { PhoneSyncType } from './sync-schemas.js';
import { type ValidatedSync, validateSyncItems } from './validate-sync-items.js';

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

/**
 * What the tab's Test buttons send: items shaped exactly as an iPhone Shortcut sends them, with
 * fictional people on reserved 555-01xx numbers, dated relative to the click.
 */
export function sampleSyncItems(type: PhoneSyncType, now = new Date()): unknown[] {
  switch (type) {
    case 'contacts':
      return [
        {
          firstName: 'Avery',
          lastName: 'Chen',
          phone: '(512) 555-0134',
          email: 'avery.chen@brightpathhomes.com',
          company: 'Brightpath Homes',
          address: { street: '410 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
        },
        {
          firstName: 'Marcus',
          lastName: 'Bell',
          phone: '(737) 555-0178',
          email: 'marcus.bell@gmail.com',
          company: '',
          address: { street: '2100 S Lamar Blvd', city: 'Austin', state: 'TX', zip: '78704' },
        },
      ];
    case 'calls':
      return [
        { phoneNumber: '(512) 555-0134', type: 'incoming', duration: 312, date: minutesAgo(now, 45) },
        { phoneNumber: '(512) 555-0161', type: 'outgoing', duration: 95, date: minutesAgo(now, 20) },
      ];
    case 'messages':
      return [
        {
          phoneNumber: '(737) 555-0178',
          type: 'received',
          text: 'Is the South Lamar listing still available? Could I see it this weekend?',
          date: minutesAgo(now, 30),
        },
        {
          phoneNumber: '(737) 555-0178',
          type: 'sent',
          text: 'Yes! Saturday at 11 works. I will send the address.',
          date: minutesAgo(now, 25),
        },
      ];
  }
}

/** An item as compared: validated (phones in E.164, fields in the schema's order) and without its date. */
function comparable(sync: ValidatedSync): string {
  // JSON leaves an undefined field out.
  return JSON.stringify(sync.items.map((item) => ({ ...item, date: undefined })));
}

/**
 * True when a validated sync carries exactly the sample items of its type (any dates). A test sync
 * may carry nothing else, so a testing token, whose value every member can read, can never bring
 * other data into the workspace.
 */
export function isSampleSync(sync: ValidatedSync): boolean {
  const sample = validateSyncItems(sync.type, sampleSyncItems(sync.type));
  return sample.ok && comparable(sample.value) === comparable(sync);
}
