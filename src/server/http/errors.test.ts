import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.js';

/** What the driver throws when a constraint trigger refuses a commit (migration 1331's plan limit). */
const refusedAtCommit = (constraint: string) =>
  Object.assign(new Error('the plan limit would be passed'), { code: '23514', constraint });

async function answerTo(error: Error) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response;
}

describe('the error handler', () => {
  it("answers a creator refused at commit by the plan's contact limit with the limit's 402, not a 500", async () => {
    const response = await answerTo(refusedAtCommit('contacts_plan_limit'));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'payment_required',
      messageId: 'contacts.planLimitAtCommit',
    });
  });

  it('keeps any other check violation an internal error that echoes nothing', async () => {
    const response = await answerTo(refusedAtCommit('some_other_check'));
    expect(response.statusCode).toBe(500);
    expect(response.json().message).not.toMatch(/plan limit/);
  });
});
