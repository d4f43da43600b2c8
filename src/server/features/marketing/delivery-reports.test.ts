import { describe, expect, it } from 'vitest';
import { arf, dsn } from '../../../../test/support/delivery-reports.js';
import { readDeliveryReport } from './delivery-reports.js';

const token = 'a'.repeat(22);

describe('delivery reports', () => {
  it('reads a permanent failure (Action: failed, Status 5.x.x) and the quoted message', () => {
    expect(readDeliveryReport(dsn('Bob@Example.com', 'failed', '5.1.1', token))).toEqual({
      kind: 'bounce',
      hardBounces: [{ email: 'bob@example.com', status: '5.1.1' }],
      complainants: [],
      tokens: [token],
    });
  });

  it('ignores delays and temporary failures', () => {
    expect(readDeliveryReport(dsn('bob@example.com', 'delayed', '4.4.7', token))?.hardBounces).toEqual([]);
    expect(readDeliveryReport(dsn('bob@example.com', 'failed', '4.2.2', token))?.hardBounces).toEqual([]);
  });

  it('reads an ARF complaint: the original recipient', () => {
    expect(readDeliveryReport(arf('cara@example.com', token))).toMatchObject({
      kind: 'complaint',
      complainants: ['cara@example.com'],
      tokens: [token],
    });
  });

  it('is null for ordinary mail', () => {
    expect(readDeliveryReport('From: a@b.c\r\nSubject: hi\r\n\r\nHello')).toBeNull();
    expect(
      readDeliveryReport('Content-Type: multipart/mixed; boundary="x"\r\n\r\n--x\r\n\r\nhi\r\n--x--'),
    ).toBeNull();
  });
});
