import { suggestionRequestSchema, suggestionResponseSchema } from '@domain/assistant/assistant-schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startOpenAiTestServer } from '../../../../test/support/openai-test-server.js';
import {
  ApiClient,
  addMember,
  createTestApp,
  type SignedUp,
  signUpOwner,
  useTestApp,
} from '../../../../test/test-app.js';
import { seedDemoWorkspace } from '../../seed/demo-workspace.js';
import { type ReadWorkspace, suggestContextually } from './service.js';

let owner: SignedUp;
let stranger: SignedUp;
/** The app's clock runs this far ahead of the real one (moved to make new contacts stale). */
let clockAheadMs = 0;
const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString();

async function addContact(who: SignedUp, fields: Record<string, unknown>): Promise<number> {
  const res = await who.client.post('/api/contacts', fields);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id;
}

let sarahId: number;
let strangerId: number;
const t = useTestApp({ clock: () => new Date(Date.now() + clockAheadMs) });
beforeAll(async () => {
  owner = await signUpOwner(t.app, { businessName: 'Assist Co' });
  stranger = await signUpOwner(t.app, { businessName: 'Elsewhere Inc' });
  sarahId = await addContact(owner, {
    firstName: 'Sarah',
    lastName: 'Quintero',
    email: 'sarah@quintero.example',
    company: 'Quintero Labs',
    lastContactedAt: daysAgo(2),
  });
  await addContact(owner, {
    firstName: 'Samuel',
    lastName: 'Oakes',
    email: 'sam@oakes.example',
    phone: '(512) 555-0199',
    company: 'Oakes Partners',
    lastContactedAt: daysAgo(45),
  });
  await addContact(owner, {
    firstName: 'Gone',
    lastName: 'Away',
    status: 'lost',
    lastContactedAt: daysAgo(90),
  });
  // Another workspace: a matching name and an older last contact, which must never surface for the owner.
  strangerId = await addContact(stranger, {
    firstName: 'Sarah',
    lastName: 'Strangerwick',
    email: 'sarah@strangerwick.example',
    company: 'Strangerwick Ltd',
    lastContactedAt: daysAgo(200),
  });
});

const ask = (client: ApiClient, body: unknown, url = '/api/ai/contextual-suggestions') =>
  client.post(url, body);

describe('the offline rules on the workspace data', () => {
  it('completes a typed name from the contacts, says why, and offers the scenario template', async () => {
    const res = await ask(owner.client, {
      currentPage: 'contact-search',
      userInput: 'sar',
      recentActivity: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = suggestionResponseSchema.parse(res.json());
    expect(body.engine).toBe('rules');
    expect(body.suggestions[0]).toMatchObject({
      type: 'completion',
      text: 'Sarah Quintero',
      confidence: 0.95,
      reason: 'The name starts with "sar"',
      reasonMessage: { id: 'assistant.reasonNameMatch', values: { input: 'sar' } },
    });
    expect(body.suggestions).toContainEqual(
      expect.objectContaining({
        type: 'template',
        text: 'Quintero Labs',
        reason: 'Everyone at Quintero Labs',
      }),
    );
    expect(body.quickActions).toEqual([
      expect.objectContaining({
        label: 'Search quintero.example',
        action: 'replace',
        text: '@quintero.example',
      }),
    ]);
    // Deterministic: the same input gives the same answer, in the same order.
    expect((await ask(owner.client, { currentPage: 'contact-search', userInput: 'sar' })).json()).toEqual(
      res.json(),
    );
  });

  it('names stale contacts to follow up, skipping lost ones and recent ones', async () => {
    const res = await ask(owner.client, { currentPage: 'note-taking', userInput: 'zzz' });
    const followUps = res.json().suggestions.filter((s: { type: string }) => s.type === 'next_action');
    expect(followUps).toEqual([
      expect.objectContaining({ text: 'Follow up with Samuel Oakes', reason: 'No contact for 45 days' }),
    ]);
    // A search follows up the stale contacts it finds, and only those.
    const found = (await ask(owner.client, { currentPage: 'contact-search', userInput: 'oakes' })).json();
    expect(found.suggestions.map((s: { type: string; text: string }) => `${s.type} ${s.text}`)).toEqual([
      'completion Samuel Oakes',
      'next_action Follow up with Samuel Oakes',
      'template Oakes Partners',
    ]);
    const none = (await ask(owner.client, { currentPage: 'contact-search', userInput: 'qqqzzz' })).json();
    expect(none).toEqual({ suggestions: [], quickActions: [], engine: 'rules' });
  });

  it('counts a never-contacted contact as stale once it was added long enough ago', async () => {
    await addContact(owner, { firstName: 'Nora', lastName: 'Never' });
    const before = (await ask(owner.client, { currentPage: 'note-taking', userInput: 'zzz' })).json();
    expect(JSON.stringify(before)).not.toContain('Nora Never');
    clockAheadMs = 30 * dayMs;
    try {
      const after = (await ask(owner.client, { currentPage: 'note-taking', userInput: 'zzz' })).json();
      expect(after.suggestions).toContainEqual(
        expect.objectContaining({
          text: 'Follow up with Nora Never',
          reason: 'Never contacted since being added',
        }),
      );
    } finally {
      clockAheadMs = 0;
    }
  });

  it('suggests the missing fields of the contact being edited, completed from the workspace by id', async () => {
    const res = await ask(owner.client, {
      currentPage: 'note-taking',
      userInput: 'Talked about the renewal and pricing',
      contactData: { id: sarahId },
    });
    const body = res.json();
    const texts = body.suggestions.map((s: { text: string }) => s.text);
    // Sarah has an email and a company on file, but no phone.
    expect(texts).toContain('Add a phone number for Sarah Quintero');
    expect(texts).not.toContain('Add an email address for Sarah Quintero');
    expect(body.suggestions).toContainEqual(
      expect.objectContaining({
        type: 'improvement',
        text: 'Write down the next step and when it is due',
        reason: 'The note names no next step',
      }),
    );
    expect(texts).toContain('Call with Sarah Quintero: discussed … Outcome: … Next step: … by …');
    expect(body.quickActions[0]).toMatchObject({ action: 'append', text: 'Next step:' });
    // Unsaved form values count: the phone typed into the form is no longer missing.
    const typed = await ask(owner.client, {
      currentPage: 'note-taking',
      userInput: 'Next step: send the quote',
      contactData: { id: sarahId, phone: '+15125550100' },
    });
    expect(JSON.stringify(typed.json())).not.toContain('Add a phone number');
    expect(JSON.stringify(typed.json())).not.toContain('Write down the next step');
  });

  it('reads an email being written: greeting, question, the recipient’s follow-up template', async () => {
    const res = await ask(owner.client, {
      currentPage: 'email-composition',
      userInput: 'Thank you for the meeting yesterday, I attach the proposal we discussed',
      contactData: {
        firstName: 'Sarah',
        lastName: 'Quintero',
        email: 'sarah@quintero.example',
        company: 'Q',
      },
    });
    const texts = res.json().suggestions.map((s: { text: string }) => s.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Open with a greeting, for example "Hi Sarah,"',
        'End with one clear question, such as a time to talk',
        'Hi Sarah, thank you for your time. Would a short call later this week work for you to agree on the next steps?',
      ]),
    );
    expect(res.json().quickActions[0]).toMatchObject({ label: 'Add a sign-off', text: 'Best regards,' });
  });
});

describe('validation', () => {
  it.each([
    [{ currentPage: 'elsewhere', userInput: 'abc' }, 'currentPage'],
    [{ currentPage: 'note-taking' }, 'userInput'],
    [{ currentPage: 'note-taking', userInput: 'x'.repeat(2001) }, 'userInput'],
    [
      {
        currentPage: 'note-taking',
        userInput: 'abc',
        recentActivity: Array.from({ length: 11 }, (_, i) => ({ action: `a${i}` })),
      },
      'recentActivity',
    ],
    [{ currentPage: 'note-taking', userInput: 'abc', contactData: { id: -1 } }, 'contactData.id'],
    [
      { currentPage: 'note-taking', userInput: 'abc', formData: { notes: { nested: true } } },
      'formData.notes',
    ],
  ])('answers 400 naming the field for %j', async (body, field) => {
    for (const url of ['/api/ai/contextual-suggestions', '/api/ai/contextual-suggestions-demo']) {
      const res = await ask(owner.client, body, url);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
  });

  it('accepts ten recent activities, the spec’s cap', async () => {
    const res = await ask(owner.client, {
      currentPage: 'note-taking',
      userInput: 'abc',
      recentActivity: Array.from({ length: 10 }, (_, i) => ({ action: `a${i}` })),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('needs a member: signed out is 401, a viewer 403', async () => {
    const body = { currentPage: 'contact-search', userInput: 'sar' };
    expect((await ask(new ApiClient(t.app), body)).statusCode).toBe(401);
    const viewer = (await addMember(t.app, owner, 'viewer')).client;
    expect((await ask(viewer, body)).statusCode).toBe(403);
  });
});

describe('isolation', () => {
  it('never names another workspace’s contacts, by search, by staleness or by id', async () => {
    for (const body of [
      { currentPage: 'contact-search', userInput: 'Sarah' },
      { currentPage: 'contact-search', userInput: 'strangerwick' },
      { currentPage: 'email-composition', userInput: 'Hi Sar' },
      { currentPage: 'note-taking', userInput: 'notes', contactData: { id: strangerId } },
    ]) {
      const res = await ask(owner.client, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(/strangerwick/i);
    }
    // And the other way round: the stranger sees its own Sarah, not the owner's.
    const theirs = await ask(stranger.client, { currentPage: 'contact-search', userInput: 'Sarah' });
    expect(theirs.json().suggestions[0].text).toBe('Sarah Strangerwick');
    expect(theirs.body).not.toMatch(/quintero|oakes/i);
  });
});

describe('the public demo endpoint', () => {
  it('answers anyone from the demo workspace, read-only, and rate limits each address', async () => {
    await seedDemoWorkspace(t.app.deps);
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`select app_demo_workspace_id('demo@businesshub.app')::int as id`,
    );
    const demoSnapshot = () =>
      t.database.withWorkspace(rows[0].id, async (tx) => {
        const counted = await tx.execute(
          sql`select count(*)::int as n, max(updated_at)::text as latest from contacts`,
        );
        return counted.rows[0];
      });
    const before = await demoSnapshot();
    const visitor = new ApiClient(t.app);
    const res = await ask(
      visitor,
      { currentPage: 'contact-search', userInput: 'Sarah' },
      '/api/ai/contextual-suggestions-demo',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().suggestions).toContainEqual(
      expect.objectContaining({ type: 'completion', text: 'Sarah Mitchell' }),
    );
    expect(res.body).not.toMatch(/quintero|strangerwick/i);
    expect(await demoSnapshot()).toEqual(before);

    // 60 a minute per address (the first request above counts): the 61st is refused, another address is not.
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const r = await ask(
        visitor,
        { currentPage: 'note-taking', userInput: `n${i}` },
        '/api/ai/contextual-suggestions-demo',
      );
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 59).every((s) => s === 200)).toBe(true);
    expect(statuses[59]).toBe(429);
    const refused = await ask(
      visitor,
      { currentPage: 'note-taking', userInput: 'abc' },
      '/api/ai/contextual-suggestions-demo',
    );
    expect(refused.json()).toMatchObject({ code: 'rate_limited', messageId: 'assistant.tooManyRequests' });
    const other = new ApiClient(t.app);
    expect(
      (
        await ask(
          other,
          { currentPage: 'note-taking', userInput: 'abc' },
          '/api/ai/contextual-suggestions-demo',
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('the model seam', () => {
  const request = suggestionRequestSchema.parse({ currentPage: 'contact-search', userInput: 'sar' });
  const readOwner: ReadWorkspace = (fn) =>
    t.database.withWorkspace(owner.workspaceId, fn, { readOnly: true });

  it('asks the model with the workspace context and returns its validated answer', async () => {
    const prompts: string[] = [];
    const answer = {
      suggestions: [
        {
          type: 'next_action',
          text: 'Call Sarah Quintero about the renewal',
          confidence: 0.7,
          reason: 'Renewal due',
        },
        { type: 'completion', text: 'Sarah Quintero', confidence: 0.9, reason: 'Matches the typed name' },
      ],
      quickActions: [{ label: 'Search Quintero', action: 'replace', text: 'Quintero' }],
    };
    const result = await suggestContextually(readOwner, request, {
      now: new Date(),
      askModel: async (system, prompt) => {
        prompts.push(`${system}\n${prompt}`);
        return `Here you go:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``;
      },
    });
    expect(prompts[0]).toContain('Sarah Quintero');
    expect(prompts[0]).toContain('"scenario":"contact-search"');
    expect(prompts[0]).not.toMatch(/strangerwick/i);
    expect(result.engine).toBe('model');
    // Ranked the same way as the rules: most confident first.
    expect(result.suggestions.map((s) => s.text)).toEqual([
      'Sarah Quintero',
      'Call Sarah Quintero about the renewal',
    ]);
    expect(result.quickActions).toEqual(answer.quickActions);
  });

  it.each([
    ['prose', async () => 'I think you should call Sarah.'],
    ['JSON of another shape', async () => JSON.stringify({ suggestions: [{ type: 'joke', text: 'x' }] })],
    [
      'a confidence out of range',
      async () =>
        JSON.stringify({
          suggestions: [{ type: 'completion', text: 'x', confidence: 7, reason: 'r' }],
          quickActions: [],
        }),
    ],
    [
      'a failed call',
      async () => {
        throw new Error('model unreachable');
      },
    ],
  ])('falls back to the rules, saying so, on %s', async (_what, askModel) => {
    const result = await suggestContextually(readOwner, request, { now: new Date(), askModel });
    expect(result.engine).toBe('rules_fallback');
    expect(result.suggestions[0]).toMatchObject({ type: 'completion', text: 'Sarah Quintero' });
  });
});

describe('with an AI provider configured', () => {
  it("asks the model for a member's suggestions through the provider, and keeps the public demo on the rules", async () => {
    const answer = {
      suggestions: [
        { type: 'next_action', text: 'Call Priya today', confidence: 0.8, reason: 'Asked for a call' },
      ],
      quickActions: [],
    };
    const model = await startOpenAiTestServer(() => ({ kind: 'answer', content: JSON.stringify(answer) }));
    const online = await createTestApp({
      env: { OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'sk-assistant-test', OPENAI_MAX_RETRIES: '0' },
    });
    try {
      const member = await signUpOwner(online.app, { businessName: 'Model Co' });
      await addContact(member, { firstName: 'Priya', lastName: 'Raman', email: 'priya@raman.example' });
      const res = await member.client.post('/api/ai/contextual-suggestions', {
        currentPage: 'contact-search',
        userInput: 'pri',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ engine: 'model', suggestions: [{ text: 'Call Priya today' }] });
      expect(model.requests).toHaveLength(1);
      expect(model.requests[0].authorization).toBe('Bearer sk-assistant-test');
      expect(JSON.stringify(model.requests[0].body.messages)).toContain('Priya Raman');

      await seedDemoWorkspace(online.app.deps);
      const demo = await online.app.inject({
        method: 'POST',
        url: '/api/ai/contextual-suggestions-demo',
        payload: { currentPage: 'contact-search', userInput: 'sar' },
      });
      expect(demo.statusCode, demo.body).toBe(200);
      expect(demo.json().engine).toBe('rules');
      expect(model.requests).toHaveLength(1);
    } finally {
      await online.close();
      await model.close();
    }
  });

  it('holds no database connection while the model answers: more requests than the pool has connections all reach it', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = {
      suggestions: [{ type: 'template', text: 'Call note: …', confidence: 0.6, reason: 'A template' }],
      quickActions: [],
    };
    const model = await startOpenAiTestServer(() => ({
      kind: 'wait',
      until: released,
      after: { kind: 'answer', content: JSON.stringify(answer) },
    }));
    const online = await createTestApp({
      env: { OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'sk-assistant-test', OPENAI_MAX_RETRIES: '0' },
    });
    try {
      const member = await signUpOwner(online.app, { businessName: 'Slow Model Co' });
      const { pool } = online.database;
      const concurrent = (pool.options.max ?? 10) + 2;
      const pending = Array.from({ length: concurrent }, (_, i) =>
        member.client.post('/api/ai/contextual-suggestions', {
          currentPage: 'note-taking',
          userInput: `Talked about the renewal ${i}`,
        }),
      );
      // Had each request kept its read transaction open while the model answered, the pool would run dry
      // after `max` of them and the rest would never reach the model.
      await vi.waitFor(() => expect(model.requests).toHaveLength(concurrent), {
        timeout: 30_000,
        interval: 20,
      });
      await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(0), { timeout: 30_000 });
      // And the workspace goes on meanwhile: an ordinary request is answered while every model call waits.
      const contacts = await member.client.get('/api/contacts');
      expect(contacts.statusCode, contacts.body).toBe(200);
      expect(model.requests).toHaveLength(concurrent);
      release();
      for (const res of await Promise.all(pending)) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ engine: 'model', suggestions: [{ text: 'Call note: …' }] });
      }
    } finally {
      release();
      await online.close();
      await model.close();
    }
  });
});
