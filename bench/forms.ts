/**
 * bench/forms: lead-form submissions against the built server (issue 32's target: form submission to contact
 * and workflow start, p99 < 50 ms at 50 submissions/s). Prints JSON:
 * - the p50/p95/p99 of a submission's answer, BENCH_FORMS_SUBMISSIONS of them (default 1,500) sent at
 *   BENCH_FORMS_RATE a second (default 50), open loop: each leaves on its schedule whatever the answers before
 *   it; each creates its contact through the ingestion port, stores the submission and its timeline entry and
 *   starts a run of an active 'form submitted' workflow, all committed before the answer;
 * - the contacts, submissions and runs found afterwards (each must equal the submissions sent);
 * - per measured submission: the CPU of the server process and of PostgreSQL (all its processes, from /proc;
 *   Linux only), figures a busy machine does not inflate as it does latencies, and the server's round trips
 *   to PostgreSQL (its queries, counted by bench/support/count-queries.mjs; the workflow run's job included).
 * BENCH_FORMS_WARMUP submissions (default 300) go first at the same rate and are not counted. Each submission
 * comes from its own address (X-Forwarded-For through TRUST_PROXY=1), as visitors do: the per-address limit
 * is not what is measured.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { timeToSubmitFloorMs } from '../src/server/features/forms/public-forms.js';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { percentile, signInCookie, startBuiltServer } from './support/start-server.js';

const submissions = Number(process.env.BENCH_FORMS_SUBMISSIONS ?? 1500);
const rate = Number(process.env.BENCH_FORMS_RATE ?? 50);
const warmUp = Number(process.env.BENCH_FORMS_WARMUP ?? 300);

/** user + system CPU in ms of `pid` (with its reaped children's: PostgreSQL's ended backends). */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10; // USER_HZ is 100
  } catch {
    return 0; // ended since the listing
  }
}

/** The CPU of the postmaster of `dataDir` and of every process it started. */
function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuMs(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster)
        total += cpuMs(Number(entry));
    } catch {}
  }
  return total;
}

async function waitForIdleQueue(owner: pg.Client): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await owner.query<{ due: number }>(
      `select count(*)::int as due from pgboss.job
       where state in ('created', 'retry', 'active') and start_after <= now()`,
    );
    if (rows[0].due === 0 || Date.now() > deadline) return;
    await sleep(200);
  }
}

async function main() {
  const server = await startBuiltServer({
    DEMO_SIGN_IN: 'true',
    TRUST_PROXY: '1',
    NODE_OPTIONS: `--import=${path.resolve('bench/support/count-queries.mjs')}`,
  });
  /** The server's count of queries so far (it writes it to stderr on SIGUSR2). */
  const queriesSoFar = async (): Promise<{ total: number; byText: Record<string, number> }> => {
    const before = server.output().length;
    server.process.kill('SIGUSR2');
    for (;;) {
      const match = /pg-queries (\d+) (.*)\n/.exec(server.output().slice(before));
      if (match) return { total: Number(match[1]), byText: JSON.parse(match[2]) };
      await sleep(10);
    }
  };
  const usage = async () => ({
    statements: await queriesSoFar(),
    serverCpu: cpuMs(server.process.pid ?? 0),
    postgresCpu: postgresCpuMs(server.place.dataDir),
  });
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  try {
    const base = server.baseUrl;
    const cookie = await signInCookie(base, demoCredentials.email, demoCredentials.password);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const form = await call('POST', '/api/forms', {
      name: 'Bench form',
      locale: 'en',
      fields: [
        { key: 'name', label: 'Name', type: 'text', target: 'firstName' },
        { key: 'email', label: 'Email', type: 'email', required: true, target: 'email' },
        { key: 'message', label: 'Message', type: 'textarea', target: 'none' },
      ],
      consent: { text: 'I agree to be contacted about my request.', required: true },
      texts: {
        submit: 'Send',
        thankYou: 'Thanks',
        required: 'Required',
        invalid: 'Invalid',
        failed: 'Failed',
      },
    });
    const workflow = await call('POST', '/api/workflows', {
      name: 'Welcome form leads',
      status: 'active',
      trigger: { type: 'form_submitted', formId: form.id },
      steps: [{ type: 'add_tag', tag: 'form-lead' }],
    });
    const rendered = await (await fetch(`${base}/api/forms/public/${form.key}`)).json();
    await sleep(timeToSubmitFloorMs + 500);

    let sent = 0;
    const send = async (i: number): Promise<number> => {
      const body = JSON.stringify({
        token: rendered.token,
        answers: { name: `Lead ${i}`, email: `bench-lead-${i}@forms.example`, message: 'Please call me.' },
        consent: true,
      });
      const started = performance.now();
      const res = await fetch(`${base}/api/forms/public/${form.key}/submissions`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          origin: base,
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body,
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`submission ${i}: ${res.status}`);
      return performance.now() - started;
    };
    // Open loop: submission i leaves at start + i / rate, whatever the answers before it.
    const burst = async (count: number) => {
      const start = performance.now();
      const answers: Promise<number>[] = [];
      for (let i = 0; i < count; i++) {
        const due = start + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        answers.push(send(sent++));
      }
      const latencies = await Promise.all(answers);
      return { latencies, seconds: (performance.now() - start) / 1000 };
    };
    await burst(warmUp);
    // The warm-up grew the workspace from 25 contacts to hundreds in seconds; a live server's autovacuum
    // analyses such a table within its one-minute nap, so the plans measured are those of a server that has
    // run a while.
    await owner.query('analyze contacts, contact_timeline, form_submissions, workflow_runs, segment_members');
    const before = await usage();
    const measured = await burst(submissions);
    // The jobs (the workflow runs, the segments' updates) finish after the answers: their share is in once
    // no job is due, as on a busy machine they can trail the last answer by seconds.
    await waitForIdleQueue(owner);
    const after = await usage();
    const perSubmission = (before: number, after: number) =>
      Math.round(((after - before) / submissions) * 100) / 100;
    // BENCH_FORMS_STATEMENTS=1 lists the statements sent more than once every ten submissions, per submission.
    const statements = Object.entries(after.statements.byText)
      .map(([text, n]) => [text, perSubmission(before.statements.byText[text] ?? 0, n)] as const)
      .filter(([, n]) => n >= 0.1)
      .sort((a, b) => b[1] - a[1]);
    const sorted = [...measured.latencies].sort((a, b) => a - b);

    const detail = await call('GET', `/api/workflows/${workflow.id}`);
    const runs = detail.runs.running + detail.runs.waiting + detail.runs.completed + detail.runs.failed;
    const figures = (await call('GET', `/api/forms/${form.id}`)).figures;
    const { rows } = await owner.query(
      `select count(*)::int as n from contacts where email::text like '%@forms.example'`,
    );
    const contacts = rows[0].n as number;
    console.log(
      JSON.stringify(
        {
          bench: 'forms',
          submissions,
          warmUp,
          ratePerSecond: rate,
          achievedPerSecond: Math.round((submissions / measured.seconds) * 10) / 10,
          submitMs: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) },
          target: { p99Ms: 50 },
          perSubmission: {
            roundTrips: perSubmission(before.statements.total, after.statements.total),
            serverCpuMs: perSubmission(before.serverCpu, after.serverCpu),
            postgresCpuMs: perSubmission(before.postgresCpu, after.postgresCpu),
            ...(process.env.BENCH_FORMS_STATEMENTS ? { statements: Object.fromEntries(statements) } : {}),
          },
          loadAverage: os.loadavg()[0],
          stored: { submissions: figures.submissions, contacts, runs, expected: sent },
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
