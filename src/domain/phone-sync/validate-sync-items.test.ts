import { describe, expect, it } from 'vitest';
import { validateSyncItems } from './validate-sync-items.js';

const call = { phoneNumber: '(512) 555-0142', type: 'incoming', duration: 125, date: '2026-11-20T15:04:00Z' };

describe('validateSyncItems', () => {
  it('normalises phone numbers to E.164', () => {
    const result = validateSyncItems('calls', [call]);
    expect(result).toEqual({
      ok: true,
      value: { type: 'calls', items: [{ ...call, phoneNumber: '+15125550142' }] },
    });
  });

  it('names the item and field of every problem', () => {
    const result = validateSyncItems('calls', [
      call,
      call,
      { ...call, phoneNumber: 'hello' },
      { ...call, type: 'missed' },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual(['data[2].phoneNumber', 'data[3].type']);
  });

  it('requires a phone or an email on a contact and checks nested address fields', () => {
    const result = validateSyncItems('contacts', [
      { firstName: 'No', lastName: 'Identity' },
      { phone: '+1 512 555 0100', address: { zip: 12345 } },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual(['data[0].phone', 'data[1].address.zip']);
  });

  it('checks message dates and types', () => {
    const result = validateSyncItems('messages', [
      { phoneNumber: '5125550100', type: 'sent', text: 'hi', date: 'yesterday' },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([{ path: 'data[0].date', message: 'must be an ISO date-time' }]);
  });
});
