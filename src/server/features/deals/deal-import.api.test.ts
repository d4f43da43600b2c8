import type { Deal } from '@domain/deals/deal-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';

let owner: SignedUp;
const t = useTestApp({ workers: true });
beforeAll(async () => {
  owner = await signUpOwner(t.app, { businessName: 'Import Deals Co' });
});

async function importAndWait(client: ApiClient, csvData: string) {
  const res = await client.post('/api/contacts/import-csv', { csvData, filename: 'deals.csv' });
  expect(res.statusCode, res.body).toBe(202);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = (await client.get(`/api/contacts/import-status/${res.json().jobId}`)).json();
    if (status.status !== 'processing') return status;
    if (Date.now() > deadline) throw new Error('import still processing');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const csv =
  'Email,Name,Deal Name,Deal Value,Deal Stage\n' +
  'ana@deals.example,Ana Import,Website rebuild,"$1,250",Proposal\n' +
  'ben@deals.example,Ben Import,Retainer,900,won\n' +
  'cy@deals.example,Cy Import,,,\n' +
  'dee@deals.example,Dee Import,Audit,100,maybe\n' +
  'eve@deals.example,Eve Import,,500,\n';

describe('an import with deal columns', () => {
  it('creates the deals of its rows once, and a won deal makes its contact a customer', async () => {
    const status = await importAndWait(owner.client, csv);
    expect(status).toMatchObject({ status: 'completed', created_contacts: 3, failed_imports: 2 });
    const deals = (await owner.client.get('/api/deals')).json().deals as Deal[];
    expect(deals.map((d) => `${d.contactName}: ${d.name} ${d.stage} ${d.valueCents}`).sort()).toEqual([
      'Ana Import: Website rebuild proposal 125000',
      'Ben Import: Retainer won 90000',
    ]);
    const contacts = (await owner.client.get('/api/contacts?limit=10')).json() as {
      email: string;
      status: string;
    }[];
    expect(contacts.find((c) => c.email === 'ben@deals.example')?.status).toBe('customer');
    expect(contacts.find((c) => c.email === 'ana@deals.example')?.status).toBe('lead');
    const detail = (await owner.client.get(`/api/deals/${deals[0].id}`)).json();
    expect(detail.timeline[0]).toMatchObject({ kind: 'import', title: 'Deal imported' });

    // The same file again adds no deal (and no contact).
    const again = await importAndWait(owner.client, csv);
    expect(again).toMatchObject({ status: 'completed', created_contacts: 0 });
    expect((await owner.client.get('/api/deals')).json().deals).toHaveLength(2);
  });
});
