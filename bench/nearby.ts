/**
 * bench/nearby: BENCH_NEARBY_CONTACTS contacts (default 200,000) spread over the continental US in
 * the demo workspace, then GET /api/location/nearby-contacts (5-mile radius) and POST
 * /api/location/update at 200 deterministic points through the real server. Reports latency
 * percentiles and whether the plan uses the gist index on ll_to_earth (target: index scan,
 * nearby p99 < 20 ms). Prints JSON.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { demoCredentials } from '../src/server/seed/demo-workspace.js';
import { percentile, signInCookie, startBuiltServer } from './support/start-server.js';

const contacts = Number(process.env.BENCH_NEARBY_CONTACTS ?? 200_000);
const probes = 200;
const types = ['buyer', 'seller', 'investor', 'realtor', 'friend', 'family'];

// A deterministic walk over the continental US (lat 25..49, lon -124..-67): golden-ratio sequences.
const point = (i: number) => ({
  latitude: 25 + ((i * 0.6180339887) % 1) * 24,
  longitude: -124 + ((i * 0.7548776662) % 1) * 57,
});

async function main() {
  const server = await startBuiltServer({ DEMO_SIGN_IN: 'true' });
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  await owner.connect();
  try {
    const { rows } = await owner.query(
      `select w.id from workspaces w join memberships m on m.workspace_id = w.id
       join users u on u.id = m.user_id where u.email = $1`,
      [demoCredentials.email],
    );
    const workspaceId = rows[0].id;
    const seedStart = performance.now();
    await owner.query(
      `insert into contacts (workspace_id, first_name, last_name, email, latitude, longitude, contact_type, city, state)
       select $1, 'Bench', 'Contact ' || g, 'bench.' || g || '@nearby.example',
         25 + ((g * 0.6180339887)::numeric % 1) * 24, -124 + ((g * 0.7548776662)::numeric % 1) * 57,
         ($3::text[])[1 + g % 6], 'Somewhere', 'US'
       from generate_series(1, $2::int) g`,
      [workspaceId, contacts, types],
    );
    await owner.query('analyze contacts');
    const seedMs = Math.round(performance.now() - seedStart);

    // The view the server reads; the owner sets the workspace as the server's transactions do.
    await owner.query("select set_config('app.workspace_id', $1, false)", [String(workspaceId)]);
    const plan = await owner.query(
      `explain select id from contacts_in_workspace where latitude is not null
       and earth_box(ll_to_earth(40, -100), 8046.72) @> ll_to_earth(latitude, longitude)
       order by ll_to_earth(latitude, longitude) <-> ll_to_earth(40, -100) limit 50`,
    );
    const planText = plan.rows.map((r) => r['QUERY PLAN']).join('\n');

    const cookie = await signInCookie(server.baseUrl, demoCredentials.email, demoCredentials.password);
    const headers = { cookie, origin: server.baseUrl, 'content-type': 'application/json' };
    const nearbyMs: number[] = [];
    const updateMs: number[] = [];
    let found = 0;
    for (let i = 0; i < probes; i++) {
      const p = point(i * 7919 + 13);
      let t = performance.now();
      const res = await fetch(
        `${server.baseUrl}/api/location/nearby-contacts?latitude=${p.latitude}&longitude=${p.longitude}&radius=5`,
        { headers },
      );
      const list = (await res.json()) as unknown[];
      nearbyMs.push(performance.now() - t);
      found += list.length;
      t = performance.now();
      const update = await fetch(`${server.baseUrl}/api/location/update`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...p, accuracy: 10 }),
      });
      await update.json();
      updateMs.push(performance.now() - t);
    }
    nearbyMs.sort((a, b) => a - b);
    updateMs.sort((a, b) => a - b);
    console.log(
      JSON.stringify(
        {
          bench: 'nearby',
          contacts,
          seedMs,
          probes,
          meanContactsWithin5Miles: Math.round((found / probes) * 10) / 10,
          nearbyContacts: {
            p50Ms: percentile(nearbyMs, 50),
            p95Ms: percentile(nearbyMs, 95),
            p99Ms: percentile(nearbyMs, 99),
          },
          locationUpdate: {
            p50Ms: percentile(updateMs, 50),
            p95Ms: percentile(updateMs, 95),
            p99Ms: percentile(updateMs, 99),
          },
          usesGistIndex: planText.includes('contacts_geo_idx'),
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
