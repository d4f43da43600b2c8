import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { demoCredentials } from '../../src/server/seed/demo-workspace.js';
import { percentile } from './start-server.js';

/**
 * Deterministic contact rows shared by the benchmarks: row i has a unique email and phone, and every
 * 10th row a company with a comma in it (quoted in CSV).
 */

const statuses = ['lead', 'qualified', 'customer', 'lost'];
const firstNames = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
  'Radia',
  'Linus',
];
const lastNames = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Perlman',
  'Torvalds',
];
const cities = [
  ['Austin', 'TX', '78701'],
  ['Denver', 'CO', '80202'],
  ['Boston', 'MA', '02108'],
  ['Seattle', 'WA', '98101'],
  ['Miami', 'FL', '33101'],
];
const areaCodes = [
  201, 202, 203, 205, 206, 212, 213, 214, 215, 216, 303, 305, 312, 404, 415, 512, 617, 702, 713, 718,
];

export const csvColumns = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Company',
  'Status',
  'Value',
  'City',
  'State',
  'Zip',
] as const;
export const csvHeader = csvColumns.join(',');

/** Row i as a record keyed by the CSV's headers (what a JSON endpoint sends). */
export function contactRecord(i: number): Record<(typeof csvColumns)[number], string> {
  const first = firstNames[i % 10];
  const last = lastNames[Math.floor(i / 10) % 10];
  const slot = Math.floor(i / areaCodes.length);
  const [city, state, zip] = cities[i % cities.length];
  return {
    'First Name': first,
    'Last Name': last,
    Email: `${first.toLowerCase()}.${i}@bench.example`,
    Phone: `+1${areaCodes[i % areaCodes.length]}${200 + (Math.floor(slot / 10_000) % 700)}${String(slot % 10_000).padStart(4, '0')}`,
    Company: i % 10 === 0 ? `${last} & Sons, Inc` : `${last} Labs ${i % 500}`,
    Status: statuses[i % 4],
    Value: String((i % 5000) + 1),
    City: city,
    State: state,
    Zip: zip,
  };
}

/** Row i as a CSV line (no line break). */
export function csvRow(i: number): string {
  const record = contactRecord(i);
  return csvColumns
    .map((column) => (record[column].includes(',') ? `"${record[column]}"` : record[column]))
    .join(',');
}

// ---- the generated populations of bench/contacts and bench/assistant ----

/**
 * Common first and last names (50 and 100, co-prime with the row counters) that the benchmarks' bulk loads
 * cycle through in SQL, and their searches type fragments of.
 */
export const benchFirstNames = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Dorothy',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
];
export const benchLastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
];

/** The demo workspace's id, read as the owner (the benchmarks load their contacts into it). */
export async function demoWorkspaceId(owner: pg.Client): Promise<number> {
  const { rows } = await owner.query(
    `select w.id from workspaces w join memberships m on m.workspace_id = w.id
     join users u on u.id = m.user_id where u.email = $1`,
    [demoCredentials.email],
  );
  return Number(rows[0].id);
}

/**
 * Runs a bulk load of contacts with their secondary indexes dropped, then rebuilds them and analyzes the
 * table: rebuilding once after the load is much faster than maintaining them row by row.
 */
export async function loadContactsWithoutIndexes(owner: pg.Client, load: () => Promise<void>): Promise<void> {
  const { rows: indexes } = await owner.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
     where tablename = 'contacts' and indexname <> 'contacts_pkey'`,
  );
  for (const index of indexes) await owner.query(`drop index ${index.name}`);
  await owner.query(`set maintenance_work_mem = '1GB'`);
  await load();
  for (const index of indexes) await owner.query(index.def);
  await owner.query('vacuum analyze contacts');
}

/**
 * Times `requests` calls of `run` (the i-th gets i), `concurrency` in flight: the p50 and p99 latency, the
 * mean of the counts the calls report (rows, suggestions) and how many failed.
 */
export async function timeRequests(
  { requests, concurrency = 1 }: { requests: number; concurrency?: number },
  run: (i: number) => Promise<{ ok: boolean; count: number }>,
) {
  const latencies: number[] = [];
  let next = 0;
  let counted = 0;
  let failures = 0;
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      const started = performance.now();
      const { ok, count } = await run(i);
      latencies.push(performance.now() - started);
      if (ok) counted += count;
      else failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  return {
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    meanCount: Math.round((counted / requests) * 10) / 10,
    failures,
  };
}
