import { describe, expect, it } from 'vitest';
import { fileCapturedEmail } from './capture-server.js';
import type { ParsedMessage } from './parse-message.js';

const capture = 'abc123@capture.localhost';
const own = new Set(['owner@mybiz.test', 'agent@mybiz.test']);
const message = (overrides: Partial<ParsedMessage>): ParsedMessage => ({
  messageId: '<m@x>',
  from: { email: 'carla@client.co', name: 'Carla' },
  to: [{ email: 'owner@mybiz.test', name: null }],
  cc: [],
  subject: 's',
  body: 'b',
  date: null,
  ...overrides,
});

describe('fileCapturedEmail', () => {
  it('files mail from outside as inbound under its sender', () => {
    expect(fileCapturedEmail(message({}), own, capture)).toEqual({
      from: { email: 'carla@client.co', name: 'Carla' },
      to: { email: 'owner@mybiz.test', name: null },
      direction: 'inbound',
    });
  });

  it('files a BCC of our own mail as outgoing under the first outside recipient', () => {
    const filed = fileCapturedEmail(
      message({
        from: { email: 'agent@mybiz.test', name: null },
        to: [
          { email: 'owner@mybiz.test', name: null },
          { email: 'dan@dealers.net', name: 'Dan' },
        ],
      }),
      own,
      capture,
    );
    expect(filed).toMatchObject({ direction: 'outgoing', to: { email: 'dan@dealers.net' } });
  });

  it('falls back to the capture address as recipient and skips internal-only mail', () => {
    expect(fileCapturedEmail(message({ to: [{ email: capture, name: null }] }), own, capture)?.to.email).toBe(
      capture,
    );
    expect(
      fileCapturedEmail(message({ from: { email: 'agent@mybiz.test', name: null } }), own, capture),
    ).toBeNull();
    expect(fileCapturedEmail(message({ from: null }), own, capture)).toBeNull();
  });
});
