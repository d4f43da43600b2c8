import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { appSecret, signedHeaders, verifySigned } from './signing.js';

// The signatures are node's own HMAC; the standardwebhooks package is the reference they must agree with.
const secret = appSecret('signing-test-secret-key-of-32-chars!', 7);
const other = appSecret('signing-test-secret-key-of-32-chars!', 8);
const body = JSON.stringify({ type: 'order.created', data: { total: 12, note: 'é ✓' } });

describe('Standard Webhooks signatures', () => {
  it('signs what the reference implementation verifies, with that secret only', () => {
    const headers = signedHeaders(secret, 'msg_1', body, new Date());
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(other).verify(body, { ...headers })).toThrow();
  });

  it('verifies what the reference implementation signs, and nothing altered', () => {
    const at = new Date();
    const headers = {
      'webhook-id': 'msg_2',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_2', at, body),
    };
    expect(verifySigned(secret, body, headers)).toBe(true);
    expect(verifySigned(other, body, headers)).toBe(false);
    expect(verifySigned(secret, `${body} `, headers)).toBe(false);
    expect(verifySigned(secret, body, { ...headers, 'webhook-id': 'msg_3' })).toBe(false);
    expect(
      verifySigned(secret, body, {
        ...headers,
        'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1),
      }),
    ).toBe(false);
  });

  it('accepts any one matching v1 signature among several, and ignores other versions', () => {
    const headers = signedHeaders(secret, 'msg_4', body, new Date());
    const good = headers['webhook-signature'];
    const wrong = signedHeaders(other, 'msg_4', body, new Date())['webhook-signature'];
    const rotating = { ...headers, 'webhook-signature': `${wrong} ${good}` };
    expect(verifySigned(secret, body, rotating)).toBe(true);
    const otherVersion = { ...headers, 'webhook-signature': good.replace('v1,', 'v2,') };
    expect(verifySigned(secret, body, otherVersion)).toBe(false);
    expect(verifySigned(secret, body, { ...headers, 'webhook-signature': 'v1' })).toBe(false);
    expect(verifySigned(secret, body, { ...headers, 'webhook-signature': `${good}x` })).toBe(false);
  });

  it('refuses a timestamp more than five minutes off either way, and missing headers', () => {
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    for (const [offset, valid] of [
      [-6, false],
      [-4, true],
      [4, true],
      [6, false],
    ] as const)
      expect(verifySigned(secret, body, { ...signedHeaders(secret, 'msg_5', body, minutes(offset)) })).toBe(
        valid,
      );
    const headers = signedHeaders(secret, 'msg_6', body, new Date());
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
      expect(verifySigned(secret, body, { ...headers, [name]: undefined })).toBe(false);
      expect(verifySigned(secret, body, { ...headers, [name]: [headers[name]] })).toBe(false);
    }
    expect(verifySigned(secret, body, { ...headers, 'webhook-timestamp': 'soon' })).toBe(false);
  });
});
