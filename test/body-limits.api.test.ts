import { describe, expect, it } from 'vitest';
import { ApiClient, signUpOwner, useTestApp } from './test-app.js';

const t = useTestApp();

const twoMegabytes = 'x'.repeat(2 * 1024 * 1024);

describe('request body limits', () => {
  it('refuses a signed-out 2 MB sign-in body with 413 and a clear message', async () => {
    const res = await new ApiClient(t.app).post('/api/auth/login', {
      email: 'someone@example.test',
      password: twoMegabytes,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request body is too large: this address accepts at most 16 KB.');
  });

  it('keeps the 1 MB default on ordinary routes, signed in or not', async () => {
    const owner = await signUpOwner(t.app);
    const res = await owner.client.post('/api/contacts', { firstName: 'Big', notes: twoMegabytes });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request body is too large: this address accepts at most 1 MB.');
  });

  it('answers a signed-out large import with 401 before reading it', async () => {
    const res = await new ApiClient(t.app).post('/api/contacts/import-csv', {
      csvData: twoMegabytes,
      filename: 'big.csv',
    });
    expect(res.statusCode).toBe(401);
  });

  it('still takes a large CSV import from a signed-in member', async () => {
    const owner = await signUpOwner(t.app);
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `Person${i},Tester,person${i}@example.test,Acme ${'Incorporated '.repeat(5)}`,
    );
    const csvData = ['First Name,Last Name,Email,Company', ...rows].join('\n');
    expect(csvData.length).toBeGreaterThan(1024 * 1024);
    const res = await owner.client.post('/api/contacts/import-csv', { csvData, filename: 'big.csv' });
    expect(res.statusCode).toBe(202);
    expect(res.json().totalRows).toBe(20_000);
  });

  it('takes a pasted email of more than 1 MB from a signed-in member', async () => {
    const owner = await signUpOwner(t.app);
    const res = await owner.client.post('/api/emails/process', {
      fromEmail: 'long@example.test',
      toEmail: 'owner@example.test',
      subject: 'A long one',
      body: twoMegabytes.slice(0, 1_000_000).replaceAll('x', 'é'),
      direction: 'inbound',
    });
    expect(res.statusCode).toBe(202);
  });
});
