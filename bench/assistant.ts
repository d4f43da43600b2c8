/**
 * bench/assistant: contextual suggestions (POST /api/ai/contextual-suggestions) on a workspace of
 * BENCH_CONTACTS contacts (default 1,000,000), through the real built server over HTTP, one request at a
 * time, for the three scenarios: a contact search (trigram search of a name fragment), an email being
 * written (the word being typed is completed, stale contacts are read from the last-contacted index) and
 * a note about one contact (its row by id). The contacts are generated with one insert … select
 * generate_series through the owner connection, indexes rebuilt after. Target: p99 under 30 ms.
 * Prints JSON. Run alone: `npx tsx bench/assistant.ts`.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import {
  benchFirstNames,
  benchLastNames,
  demoWorkspaceId,
  loadContactsWithoutIndexes,
  timeRequests,
} from './support/contact-rows.js';
import { signInCookie, startBuiltServer } from './support/start-server.js';

const contactCount = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const requestsPerScenario = Number(process.env.BENCH_REQUESTS ?? 300);
const targetP99Ms = 30;

/**
 * Ten first names by ten last names of the shared lists (a search fragment matches a tenth of the rows).
 * Half never contacted, the rest up to a year ago: stale contacts exist at every depth of the index.
 */
function seedContacts(owner: pg.Client, workspaceId: number) {
  return loadContactsWithoutIndexes(owner, async () => {
    await owner.query(
      `insert into contacts (workspace_id, first_name, last_name, email, phone, company, source, status,
         last_contacted_at, created_at)
       select $1, ($3::text[])[1 + g % 10], ($4::text[])[1 + (g / 10) % 10] || ' ' || g,
         'bench.' || g || '@assist.example',
         case when g % 3 = 0 then '+1' || (2000000000 + g)::text end,
         case when g % 4 <> 0 then 'Company ' || (g % 5000) end,
         'Unknown', (array['lead','qualified','customer','lost'])[1 + g % 4],
         case when g % 2 = 0 then now() - (g % 8760) * interval '1 hour' end,
         now() - g * interval '30 seconds'
       from generate_series(1, $2::int) g`,
      [workspaceId, contactCount, benchFirstNames, benchLastNames],
    );
  });
}

async function time(baseUrl: string, cookie: string, body: (i: number) => unknown) {
  const { meanCount, ...timing } = await timeRequests({ requests: requestsPerScenario }, async (i) => {
    const res = await fetch(`${baseUrl}/api/ai/contextual-suggestions`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(body(i)),
    });
    const answer = await res.json();
    return { ok: res.ok, count: res.ok ? answer.suggestions.length : 0 };
  });
  return { ...timing, meanSuggestions: meanCount };
}

async function main() {
  const server = await startBuiltServer({ DEMO_SIGN_IN: 'true' });
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  try {
    const workspaceId = await demoWorkspaceId(owner);
    const loadStart = performance.now();
    await seedContacts(owner, workspaceId);
    const loadMs = Math.round(performance.now() - loadStart);
    const { rows: ids } = await owner.query<{ id: number }>(
      'select id::int from contacts where workspace_id = $1 order by id limit 1000',
      [workspaceId],
    );
    const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);

    const scenarios: Record<string, (i: number) => unknown> = {
      contactSearch: (i) => ({
        currentPage: 'contact-search',
        userInput: `${benchFirstNames[i % 10].slice(0, 3 + (i % 3))}`,
      }),
      emailComposition: (i) => ({
        currentPage: 'email-composition',
        userInput: `Thank you for the call yesterday. I will send the proposal to ${benchLastNames[i % 10].slice(0, 4)}`,
      }),
      noteAboutContact: (i) => ({
        currentPage: 'note-taking',
        userInput: 'Discussed pricing and the renewal date',
        contactData: { id: ids[i % ids.length].id },
      }),
    };
    const results: Record<string, Awaited<ReturnType<typeof time>>> = {};
    for (const [name, body] of Object.entries(scenarios)) {
      await time(server.baseUrl, cookie, body); // warm-up, not counted
      results[name] = await time(server.baseUrl, cookie, body);
    }
    const worstP99 = Math.max(...Object.values(results).map((r) => r.p99Ms));
    console.log(
      JSON.stringify(
        {
          bench: 'assistant',
          contactsInWorkspace: contactCount,
          loadMs,
          requestsPerScenario,
          results,
          target: { p99Ms: targetP99Ms, worstP99Ms: worstP99, met: worstP99 < targetP99Ms },
        },
        null,
        2,
      ),
    );
  } finally {
    await owner.end();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
