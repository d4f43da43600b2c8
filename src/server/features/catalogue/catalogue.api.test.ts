import { applications } from '@domain/catalogue/applications';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiClient, addMember, createTestApp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { placeholderSchedulerUrl } from '../../config.js';

const t = useTestApp();

/** Contact i gets the email c<i>-<workspace>@example.test. */
async function addContacts(workspaceId: number, statuses: string[]) {
  await t.database.withWorkspace(workspaceId, async (tx) => {
    for (const [i, status] of statuses.entries()) {
      await tx.execute(
        sql`insert into contacts (first_name, last_name, email, status) values ('C', ${String(i)}, ${contactEmail(workspaceId, i)}, ${status})`,
      );
    }
  });
}

function contactEmail(workspaceId: number, i: number) {
  return `c${i}-${workspaceId}@example.test`;
}

async function addPayment(
  workspaceId: number,
  payment: { description: string; cents: number; email: string | null; paidAt?: Date },
) {
  await t.database.withWorkspace(workspaceId, (tx) =>
    tx.execute(sql`
      insert into payments (description, amount_cents, recurring_cents, provider, customer_email, paid_at)
      values (${payment.description}, ${payment.cents}, ${payment.cents}, 'offline', ${payment.email},
              ${(payment.paidAt ?? new Date()).toISOString()})`),
  );
}

describe('GET /api/applications', () => {
  it('lists the whole catalogue to anyone, signed in or not', async () => {
    const res = await new ApiClient(t.app).get('/api/applications');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(applications.length);
    expect(body[0]).toEqual(applications[0]);
    expect(body.map((a: { category: string }) => a.category)).toContain('entertainment-spiritual');
  });
});

describe('GET /api/analytics/dashboard', () => {
  it('counts only the signed-in workspace contacts and reports no revenue or cross-sell data yet', async () => {
    const owner = await signUpOwner(t.app);
    const other = await signUpOwner(t.app);
    await addContacts(owner.workspaceId, ['lead', 'qualified', 'customer']);
    await addContacts(other.workspaceId, ['lead', 'lead', 'lead', 'lead', 'lead']);

    const res = await owner.client.get('/api/analytics/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalUsers: 3, monthlyRevenue: 0, crossSellRate: null });
    expect((await other.client.get('/api/analytics/dashboard')).json().totalUsers).toBe(5);
  });

  it("sums this month's payments and measures cross-selling among paying customers", async () => {
    const owner = await signUpOwner(t.app);
    const other = await signUpOwner(t.app);
    const w = owner.workspaceId;
    await addContacts(w, ['customer', 'customer', 'customer', 'lead']);
    // Customer 0 bought two products, customer 1 one product twice, customer 2 nothing; the lead's
    // purchases do not count towards cross-selling.
    await addPayment(w, { description: 'Professional plan', cents: 14900, email: contactEmail(w, 0) });
    await addPayment(w, { description: 'Lead Engine', cents: 19950, email: contactEmail(w, 0) });
    await addPayment(w, { description: 'Starter plan', cents: 4900, email: contactEmail(w, 1) });
    await addPayment(w, { description: 'Starter plan', cents: 4900, email: contactEmail(w, 1) });
    await addPayment(w, { description: 'Training Hub', cents: 8900, email: contactEmail(w, 3) });
    await addPayment(w, { description: 'Training Hub', cents: 8900, email: contactEmail(w, 3) });
    // Last month's payment and another workspace's payment are not this month's revenue.
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await addPayment(w, { description: 'Old', cents: 100000, email: null, paidAt: lastMonth });
    await addPayment(other.workspaceId, { description: 'Theirs', cents: 777700, email: null });

    const body = (await owner.client.get('/api/analytics/dashboard')).json();
    expect(body).toEqual({ totalUsers: 4, monthlyRevenue: 624.5, crossSellRate: 50 });
    expect((await other.client.get('/api/analytics/dashboard')).json()).toEqual({
      totalUsers: 0,
      monthlyRevenue: 7777,
      crossSellRate: null,
    });
  });

  it('starts at zero for a new workspace', async () => {
    const owner = await signUpOwner(t.app);
    expect((await owner.client.get('/api/analytics/dashboard')).json()).toEqual({
      totalUsers: 0,
      monthlyRevenue: 0,
      crossSellRate: null,
    });
  });

  it('lets a viewer read it and refuses a signed-out visitor', async () => {
    const owner = await signUpOwner(t.app);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await viewer.client.get('/api/analytics/dashboard')).statusCode).toBe(200);
    expect((await new ApiClient(t.app).get('/api/analytics/dashboard')).statusCode).toBe(401);
  });
});

describe('GET /api/public-config', () => {
  it('reports the placeholder scheduler URL as not configured', async () => {
    const res = await new ApiClient(t.app).get('/api/public-config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      schedulerUrl: placeholderSchedulerUrl,
      isSchedulerConfigured: false,
      salesEmail: 'sales@example.com',
      checkout: 'offline-test',
      importMaxBytes: 512 * 1024 * 1024,
    });
  });

  it('reports a configured scheduler URL', async () => {
    const configured = await createTestApp({
      env: {
        SCHEDULER_URL: 'https://cal.example.test/acme/30min',
        SALES_EMAIL: 'deals@acme.test',
        IMPORT_MAX_BYTES: String(20 * 1024 * 1024),
      },
    });
    try {
      const res = await new ApiClient(configured.app).get('/api/public-config');
      expect(res.json()).toEqual({
        schedulerUrl: 'https://cal.example.test/acme/30min',
        isSchedulerConfigured: true,
        salesEmail: 'deals@acme.test',
        checkout: 'offline-test',
        importMaxBytes: 20 * 1024 * 1024,
      });
    } finally {
      await configured.close();
    }
  });
});
