/**
 * bench/campaigns: marketing mail and workflows against the built server. Prints JSON:
 * - campaign: BENCH_CAMPAIGN_RECIPIENTS contacts (default 100,000, inserted through the owner connection)
 *   receive one campaign through a local SMTP sink, the send rate limit off: messages per second as the
 *   sink sees them (first to last arrival), and the whole send (the send request to the 'sent' status).
 *   Target ≥ 500/s;
 * - the server's peak resident memory over the run (VmHWM). Target < 300 MB;
 * - workflow: BENCH_WORKFLOW_CONTACTS contacts (default 10,000) enter a 3-step workflow (add a tag, a
 *   note, a field) through its schedule trigger: runs completed per second, from the runs' start to the
 *   last one's end (database timestamps), and the time from the trigger to that end.
 * Run alone: `npx tsx bench/campaigns.ts`.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { signInCookie, startBuiltServer } from './support/start-server.js';

const recipients = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 100_000);
const workflowContacts = Number(process.env.BENCH_WORKFLOW_CONTACTS ?? 10_000);

const round = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak and current resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { peakMb: round(kb('VmHWM') / 1024), currentMb: round(kb('VmRSS') / 1024) };
}

async function main() {
  let received = 0;
  let firstArrival = 0;
  let lastArrival = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        const at = performance.now();
        if (received === 1) firstArrival = at;
        lastArrival = at;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkPort = (sink.server.address() as { port: number }).port;

  const server = await startBuiltServer({
    DEMO_SIGN_IN: 'true',
    SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
  });
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  try {
    const { rows } = await owner.query(
      `select w.id from workspaces w join memberships m on m.workspace_id = w.id
       join users u on u.id = m.user_id where u.email = $1 and m.role = 'owner'`,
      [demoCredentials.email],
    );
    const workspaceId = Number(rows[0].id);
    await owner.query(
      `insert into contacts (workspace_id, first_name, last_name, email, source, status, tags)
       select $1, 'Bench', 'Reader ' || i, 'reader.' || i || '@bench.example', 'Bench', 'lead',
              array_remove(array[case when i <= $2 then 'bench-mail' end, case when i <= $3 then 'bench-flow' end], null)
       from generate_series(1, greatest($2::int, $3::int)) i`,
      [workspaceId, recipients, workflowContacts],
    );
    await owner.query('analyze contacts');

    const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { cookie, origin: server.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    await call('PATCH', '/api/automation/settings', { sendRatePerMinute: 0, trackingEnabled: true });

    // ---- one campaign to every bench contact ----
    const campaign = await call('POST', '/api/campaigns', {
      name: 'Bench campaign',
      subject: 'Hello {{firstName}}',
      body: 'Hello {{firstName}} {{lastName}}, read more at https://example.com/news',
      audience: { tag: 'bench-mail' },
    });
    const started = performance.now();
    await call('POST', `/api/campaigns/${campaign.id}/send`);
    const queuedMs = performance.now() - started;
    let status = '';
    for (let polls = 1; status !== 'sent' && status !== 'paused'; polls += 1) {
      await sleep(500);
      status = (await call('GET', `/api/campaigns/${campaign.id}`)).status;
      // Progress on stderr, so a run stopped early still tells its rate.
      if (polls % 20 === 0)
        console.error(
          `campaign: ${received} received in ${round((performance.now() - started) / 1000)} s` +
            ` (${round(received / ((lastArrival - firstArrival) / 1000))}/s), server RSS ${memoryOf(server.process.pid as number).currentMb} MB`,
        );
    }
    const totalMs = performance.now() - started;
    const final = await call('GET', `/api/campaigns/${campaign.id}`);
    const campaignResult = {
      recipients,
      status: final.status,
      sent: final.sent,
      failed: final.failed,
      receivedBySink: received,
      queueRequestMs: Math.round(queuedMs),
      messagesPerSecond: round(received / ((lastArrival - firstArrival) / 1000)),
      messagesPerSecondWhole: round(final.sent / (totalMs / 1000)),
      target: '≥ 500/s',
    };

    // ---- 10,000 contacts through a 3-step workflow ----
    const workflow = await call('POST', '/api/workflows', {
      name: 'Bench flow',
      status: 'active',
      trigger: { type: 'schedule', everyHours: 1 },
      conditions: [{ field: 'tag', op: 'has', value: 'bench-flow' }],
      steps: [
        { type: 'add_tag', tag: 'bench-flowed' },
        { type: 'create_note', body: 'Bench note' },
        { type: 'update_field', field: 'company', value: 'Bench Co' },
      ],
    });
    const triggered = performance.now();
    let runs = { done: 0, total: 0 };
    for (;;) {
      await sleep(1000);
      const { rows: counts } = await owner.query(
        `select count(*)::int as total, count(*) filter (where status in ('completed', 'failed'))::int as done
         from workflow_runs where workflow_id = $1`,
        [workflow.id],
      );
      runs = counts[0];
      if (runs.total >= workflowContacts && runs.done === runs.total) break;
      console.error(
        `workflow: ${runs.done} of ${runs.total} runs finished, ${round((performance.now() - triggered) / 1000)} s after its creation`,
      );
    }
    const endToEndMs = performance.now() - triggered;
    const { rows: span } = await owner.query(
      `select extract(epoch from max(finished_at) - min(started_at)) * 1000 as ms,
              count(*) filter (where status = 'completed')::int as completed
       from workflow_runs where workflow_id = $1`,
      [workflow.id],
    );
    const workflowResult = {
      contacts: workflowContacts,
      steps: 3,
      completed: span[0].completed,
      runsCompletedPerSecond: round(span[0].completed / (Number(span[0].ms) / 1000)),
      // The schedule fires on the minute sweep: up to a minute of this is waiting for it.
      fromCreationToLastRunSeconds: round(endToEndMs / 1000),
    };

    const memory = memoryOf(server.process.pid as number);
    console.log(
      JSON.stringify(
        {
          campaign: campaignResult,
          serverMemory: { peakRssMb: memory.peakMb, target: '< 300 MB' },
          workflow: workflowResult,
        },
        null,
        2,
      ),
    );
  } finally {
    await owner.end();
    await server.stop();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
