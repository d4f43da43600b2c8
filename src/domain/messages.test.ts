import { describe, expect, it } from 'vitest';
import { formatServerMessage, serverMessage, serverMessages, storedMessage } from './messages.js';

describe('server message catalogue', () => {
  it('formats placeholders and English plurals', () => {
    expect(serverMessage('auth.tooManySignIns', { minutes: 1 }).text).toBe(
      'Too many sign-in attempts. Try again in 1 minute.',
    );
    expect(serverMessage('auth.tooManySignUps', { minutes: 2 }).text).toBe(
      'Too many sign-up attempts. Try again in 2 minutes.',
    );
    expect(serverMessage('websites.domainTaken', { domain: 'a.example' }).text).toBe(
      'a.example is already one of your websites',
    );
    expect(formatServerMessage('{n, plural, =0 {none} one {# item} other {# items}} left', { n: 0 })).toBe(
      'none left',
    );
  });

  it('formats a select by its value, falling back to other', () => {
    const template = 'moved to {stage, select, won {Won} lost {Lost} other {an open stage}} today';
    expect(formatServerMessage(template, { stage: 'won' })).toBe('moved to Won today');
    expect(formatServerMessage(template, { stage: 'leads' })).toBe('moved to an open stage today');
  });

  it('leaves no placeholder unfilled in any message given its values', () => {
    for (const template of Object.values(serverMessages)) {
      const names = [...template.matchAll(/\{(\w+)/g)].map((m) => m[1]);
      const values = Object.fromEntries(names.map((n) => [n, 3]));
      expect(formatServerMessage(template, values)).not.toMatch(/[{}]/);
    }
  });

  it('nests a message in a stored line: English inside, its id and values kept for the reader', () => {
    const reason = storedMessage('operations.appDidNotAnswer', {
      reason: serverMessage('outbound.status', { status: 503 }),
    });
    const line = storedMessage('activity.integrationFailed', { app: 'Shop', reason });
    expect(line.text).toBe('Integration of Shop failed: The app did not answer: HTTP 503');
    expect(line.values).toEqual({
      app: 'Shop',
      reason: {
        id: 'operations.appDidNotAnswer',
        values: { reason: { id: 'outbound.status', values: { status: 503 } } },
      },
    });
  });
});
