import type { PhoneSyncType } from '@domain/phone-sync/sync-schemas';

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

/**
 * What the test buttons send: items shaped exactly as an iPhone Shortcut sends them, with
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
