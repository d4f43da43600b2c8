import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it('answers a signed-out 30 MB upload over a real socket with a 413 body, not a closed connection', async () => {
    // inject() has no socket; a client still uploading when the answer is sent must read it all the same.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ email: 'someone@example.test', password: 'x'.repeat(30 * 1024 * 1024) });
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).code).toBe('too_large');
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
