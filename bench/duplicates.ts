/**
 * bench/duplicates: the duplicate scan (issue 32's target: at 1,000,000 contacts with 5% planted duplicates,
 * precision ≥ 0.99, recall ≥ 0.95, the scan under 5 minutes, peak RSS under 300 MB). BENCH_DUP_CONTACTS
 * contacts (default 100,000) go into the demo workspace of the built server by SQL, plus one planted
 * duplicate for every 20th of them, a third of each kind:
 * - an email variant (`+news` tag) of the same person;
 * - the same phone number under another country code, no email;
 * - a typo in the first name, another address at the same company domain.
 * Then the scan runs as users run it (POST /api/duplicates/scans, the job in the server's workers, polled
 * until done). Prints JSON: scan seconds, suggestions, precision and recall against the planted pairs (a
 * base and its duplicate share `notes` = 'g:<n>'), and the server process's peak RSS (VmHWM).
 * Last, BENCH_DUP_MERGES (default 100) found planted pairs are merged through the API and every merge
 * undone, newest first: a hash of every table of the workspace before the merges and after the undos must
 * be equal (`undoRestoredEveryTable`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createDatabase } from '../src/server/db/database.js';
import { explainPass, fuzzyBlockStats, passes } from '../src/server/features/duplicates/store.js';
import { signUpOverHttp } from '../test/sign-up-link.js';
import { comparableRows } from '../test/table-rows.js';
import {
  benchFirstNames as firstNames,
  benchLastNames as lastNames,
  loadContactsWithoutIndexes,
} from './support/contact-rows.js';
import { startBuiltServer } from './support/start-server.js';

const contactCount = Number(process.env.BENCH_DUP_CONTACTS ?? 100_000);
const mergeCount = Number(process.env.BENCH_DUP_MERGES ?? 100);
const companies = Math.max(1, Math.round(contactCount / 50));
const companyWords = [
  'Acme',
  'Summit',
  'Keystone',
  'Northwind',
  'Bluebird',
  'Pioneer',
  'Redwood',
  'Silverline',
  'Brightpath',
  'Harbor',
  'Evergreen',
  'Granite',
  'Lighthouse',
  'Meridian',
  'Oakridge',
  'Riverside',
  'Sterling',
  'Horizon',
];
const companyKinds = ['Realty', 'Holdings', 'Partners', 'Consulting', 'Group', 'Homes', 'Capital', 'Labs'];

/** Loads the people and their planted duplicates; the seconds of each step. */
async function load(owner: pg.Client, workspaceId: number) {
  const steps = { people: 0, planted: 0, indexesAndAnalyze: 0 };
  const at = () => performance.now() / 1000;
  const started = at();
  await loadContactsWithoutIndexes(owner, async () => {
    // The people: company c = g mod companies with its own domain and a name of two words; within a
    // company every first name differs (k = g / companies), so no two people of one company share a name;
    // a phone for a third of them (and for every planted base); their number in `notes`, so the planted
    // pairs can be told.
    await owner.query(
      `insert into contacts (workspace_id, first_name, last_name, email, phone, company, notes)
       select $1, f, l,
         lower(f || '.' || l || '.' || g || '@co' || c || '.example'),
         case when g % 3 = 0 or g % 20 = 0 then '+1' || (2000000000 + g)::text end,
         ($6::text[])[1 + c % cardinality($6::text[])] || ' ' ||
           ($7::text[])[1 + (c / cardinality($6::text[])) % cardinality($7::text[])] || ' ' || (c / 144),
         'g:' || g
       from generate_series(1, $2::int) g,
         lateral (select g % $3 as c, g / $3 as k) ck,
         lateral (select ($4::text[])[1 + k % cardinality($4::text[])] as f,
                         ($5::text[])[1 + (c + k * 7) % cardinality($5::text[])] as l) n`,
      [workspaceId, contactCount, companies, firstNames, lastNames, companyWords, companyKinds],
    );
    steps.people = at() - started;
    // The planted duplicates: every 20th person again, in one of three disguises.
    await owner.query(
      `insert into contacts (workspace_id, first_name, last_name, email, phone, company, notes)
       select $1,
         case when p % 3 = 2 then left(c.first_name, 1) || substr(c.first_name, 3, 1) || substr(c.first_name, 2, 1)
           || substr(c.first_name, 4) else c.first_name end,
         c.last_name,
         case p % 3
           when 0 then replace(c.email::text, '@', '+news@')
           when 2 then lower(left(c.first_name, 1) || c.last_name || (p * 20)) || '@' || split_part(c.email::text, '@', 2)
         end,
         case when p % 3 = 1 then '+52' || substr(c.phone, 3) end,
         case when p % 3 <> 1 then c.company end,
         c.notes
       from generate_series(1, $2::int / 20) p
       join contacts c on c.workspace_id = $1 and c.notes = 'g:' || (p * 20)`,
      [workspaceId, contactCount],
    );
    steps.planted = at() - started - steps.people;
  });
  steps.indexesAndAnalyze = at() - started - steps.people - steps.planted;
  return Object.fromEntries(Object.entries(steps).map(([step, s]) => [step, Number(s.toFixed(1))]));
}

/**
 * Tables the undo comparison leaves out, each with why: they are logs that a merge and its undo append to
 * by design (a merge is an event that happened; undo does not un-send it).
 */
const excludedTables = {
  contact_merges: 'merge history: each merge adds its row, each undo marks it undone',
  ops_events: 'event log: each merge emits one contact.merged event',
  ops_deliveries: "the event log's deliveries to webhook endpoints (the bench workspace has none)",
  duplicate_scans: 'scan history (the scan ran before the merges)',
};

/**
 * Per table of the workspace (`excludedTables` aside), its row count and an order-free sum of its rows'
 * md5: equal after undo, equal rows and ids. Summed in SQL, so a million rows never travel.
 */
async function tableHashes(owner: pg.Client, workspaceId: number): Promise<Record<string, string>> {
  const { rows: tables } = await owner.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'workspace_id'
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
       and c.relname <> all($1::text[])
     order by 1`,
    [Object.keys(excludedTables)],
  );
  const hashes: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await owner.query<{ h: string }>(
      `select count(*) || ':' || coalesce(sum(('x' || left(md5(t::text), 15))::bit(60)::bigint), 0) as h
       from ${comparableRows(name)} t where workspace_id = $1`,
      [workspaceId],
    );
    hashes[name] = rows[0].h;
  }
  return hashes;
}

/** Merges `count` found planted pairs through the API, then undoes every merge, newest first. */
async function mergeAndUndo(
  owner: pg.Client,
  workspaceId: number,
  call: (path: string, body: unknown) => Promise<Response>,
  count: number,
) {
  const { rows: pairs } = await owner.query<{ a: number; b: number }>(
    `select s.contact_a::float8 as a, s.contact_b::float8 as b from duplicate_suggestions s
     join contacts a on a.id = s.contact_a join contacts b on b.id = s.contact_b
     where s.workspace_id = $1 and a.notes = b.notes order by s.id limit $2`,
    [workspaceId, count],
  );
  const before = await tableHashes(owner, workspaceId);
  const mergeIds: number[] = [];
  const started = performance.now();
  for (const { a, b } of pairs) {
    const res = await call('/api/contacts/merge', { contactIds: [a, b] });
    if (res.status !== 200) throw new Error(`merge: ${res.status} ${await res.text()}`);
    mergeIds.push((await res.json()).merge.id);
  }
  const mergedSeconds = (performance.now() - started) / 1000;
  const merged = await tableHashes(owner, workspaceId);
  const undoStarted = performance.now();
  for (const id of mergeIds.reverse()) {
    const res = await call(`/api/duplicates/merges/${id}/undo`, {});
    if (res.status !== 200) throw new Error(`undo: ${res.status} ${await res.text()}`);
  }
  const undoSeconds = (performance.now() - undoStarted) / 1000;
  const after = await tableHashes(owner, workspaceId);
  const differing = Object.keys(before).filter((table) => before[table] !== after[table]);
  return {
    merges: pairs.length,
    mergeSeconds: Number(mergedSeconds.toFixed(2)),
    undoSeconds: Number(undoSeconds.toFixed(2)),
    tablesHashed: Object.keys(before).length,
    // The merges changed something the hashes see, so equal hashes after the undos say something.
    mergesChangedTables: Object.keys(before).filter((table) => before[table] !== merged[table]).length,
    undoRestoredEveryTable: differing.length === 0,
    tablesDiffering: differing,
  };
}

const peakRss = (pid: number | undefined) => {
  if (!pid) return null;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
};

/**
 * The largest peak RSS among the server's PostgreSQL backends of the app's role (children of the
 * postmaster started on `dataDir`): the scan's statements run in one of them; the bench's own bulk load
 * (its index builds take up to 1 GB of maintenance memory) runs as the owner and is not counted. A
 * backend's RSS includes the shared buffers it touched.
 */
function postgresPeakRss(dataDir: string): number | null {
  const procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const read = (pid: string, file: string) => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, 'utf8');
    } catch {
      return '';
    }
  };
  const postmaster = procs.find((pid) =>
    read(pid, 'cmdline')
      .split('\0')
      .some((arg) => arg.startsWith(dataDir)),
  );
  if (!postmaster) return null;
  const backends = procs.filter(
    (pid) =>
      read(pid, 'stat').split(') ')[1]?.split(' ')[1] === postmaster &&
      read(pid, 'cmdline').startsWith('postgres: hub_app '),
  );
  return backends.length ? Math.max(...backends.map((pid) => peakRss(Number(pid)) ?? 0)) : null;
}

async function main() {
  // A workspace of its own: the demo's simulated apps integrate and post events every minute, and
  // their webhook subscriptions (contact.merged among them) would log into the workspace under test.
  const server = await startBuiltServer({ SEED_DEMO: 'false' });
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  const database = createDatabase(server.appUrl, { max: 2 });
  try {
    const base = server.baseUrl;
    const cookie = await signUpOverHttp(
      base,
      {
        firstName: 'Bench',
        lastName: 'Duplicates',
        email: 'bench-duplicates@example.test',
        password: 'correct-horse-battery',
        businessName: 'Bench Duplicates',
        plan: 'enterprise',
      },
      server.ownerUrl,
    );
    const headers = { cookie, origin: base, 'content-type': 'application/json' };
    const workspaceId: number = (await (await fetch(`${base}/api/auth/user`, { headers })).json()).workspace
      .id;
    const loadStarted = performance.now();
    const loadSteps = await load(owner, workspaceId);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const { rows: counted } = await owner.query<{ n: number }>(
      'select count(*)::int as n from contacts where workspace_id = $1',
      [workspaceId],
    );
    const blocks = await database.withWorkspace(workspaceId, (tx) => fuzzyBlockStats(tx));
    if (process.env.BENCH_DUP_EXPLAIN)
      for (const pass of passes)
        console.error(
          `-- ${pass}\n${(await database.withWorkspace(workspaceId, (tx) => explainPass(tx, pass))).join('\n')}`,
        );

    const started = performance.now();
    const scan = await fetch(`${base}/api/duplicates/scans`, { method: 'POST', headers, body: '{}' });
    if (scan.status !== 202) throw new Error(`scan: ${scan.status} ${await scan.text()}`);
    let status = 'queued';
    // The progress moves once per pass: when it moved is when a pass ended (to the poll's 250 ms).
    const passEnds: number[] = [];
    let progress = 0;
    while (status === 'queued' || status === 'running') {
      await sleep(250);
      const latest = await (await fetch(`${base}/api/duplicates/scans/latest`, { headers })).json();
      status = latest.scan.status;
      if (latest.scan.progress !== progress) {
        progress = latest.scan.progress;
        passEnds.push((performance.now() - started) / 1000);
      }
    }
    const scanSeconds = (performance.now() - started) / 1000;
    if (status !== 'done') throw new Error(`scan ended ${status}`);
    const passSeconds = passEnds.map((end, i) => Number((end - (passEnds[i - 1] ?? 0)).toFixed(1)));

    const { rows } = await owner.query<{ found: number; right: number; planted: number }>(
      `select
         (select count(*)::int from duplicate_suggestions where workspace_id = $1) as found,
         (select count(*)::int from duplicate_suggestions s
            join contacts a on a.id = s.contact_a join contacts b on b.id = s.contact_b
            where s.workspace_id = $1 and a.notes = b.notes) as right,
         (select count(*)::int from (select notes from contacts where workspace_id = $1
            group by notes having count(*) = 2) p) as planted`,
      [workspaceId],
    );
    const { found, right, planted } = rows[0];
    // BENCH_DUP_SHOW_WRONG=n: n suggestions that are not planted pairs, to stderr (for tuning the passes).
    const { rows: wrong } = await owner.query(
      `select s.reasons, a.first_name || ' ' || a.last_name || ' <' || coalesce(a.email::text, a.phone, '') || '> ' || coalesce(a.company, '') as a,
         b.first_name || ' ' || b.last_name || ' <' || coalesce(b.email::text, b.phone, '') || '> ' || coalesce(b.company, '') as b
       from duplicate_suggestions s join contacts a on a.id = s.contact_a join contacts b on b.id = s.contact_b
       where s.workspace_id = $1 and a.notes <> b.notes limit $2`,
      [workspaceId, Number(process.env.BENCH_DUP_SHOW_WRONG ?? 0)],
    );
    for (const w of wrong) console.error(JSON.stringify(w));
    const rssAfterScan = peakRss(server.process.pid);
    const postgresRssAfterScan = postgresPeakRss(server.place.dataDir);
    const undo = await mergeAndUndo(
      owner,
      workspaceId,
      (path, body) => fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
      mergeCount,
    );
    const { rows: byKind } = await owner.query(
      `select r->>'kind' as kind, count(*)::int as n from duplicate_suggestions s, jsonb_array_elements(s.reasons) r
       where s.workspace_id = $1 group by 1 order by 1`,
      [workspaceId],
    );
    console.log(
      JSON.stringify(
        {
          bench: 'duplicates',
          contacts: counted[0].n,
          plantedPairs: planted,
          loadSeconds: Number(loadSeconds.toFixed(1)),
          loadSteps,
          scanSeconds: Number(scanSeconds.toFixed(2)),
          // email, phone, domain, surname, then dropping stale pairs (a progress step the poll may miss).
          passSeconds,
          blocks,
          suggestions: found,
          reasons: Object.fromEntries(byKind.map((r) => [r.kind, r.n])),
          precision: found ? Number((right / found).toFixed(4)) : null,
          recall: planted ? Number((right / planted).toFixed(4)) : null,
          serverPeakRssMb: rssAfterScan,
          postgresPeakRssMb: postgresRssAfterScan,
          undoOfMerges: { ...undo, excludedTables },
          serverPeakRssMbWithMerges: peakRss(server.process.pid),
          targets: { precision: 0.99, recall: 0.95, scanSecondsAt1M: 300, peakRssMb: 300 },
        },
        null,
        2,
      ),
    );
  } finally {
    await owner.end();
    await database.close();
    await server.stop();
  }
}

await main();
