import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApp } from '../../../../test/app-receiver.js';
import { startServerProcess } from '../../../../test/server-process.js';
import { signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { runProbeTick } from './probe.js';

// A database of its own: the server processes' probe loops probe every monitor in it, and other files'
// monitors (and their counts) must not be among them.
const t = useTestApp({ ownDatabase: true, env: { OUTBOUND_TIMEOUT_MS: '2000' } });
let target: Server;
let base: string;
let db: pg.Client;
/** When each path of the local target was asked for (ms since the epoch). */
const hits = new Map<string, number[]>();
const children: ChildProcess[] = [];

beforeAll(async () => {
  target = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, [...(hits.get(path) ?? []), Date.now()]);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await db?.end();
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

const heartbeatsOf = async (monitorId: number) =>
  (
    await db.query<{ late_ms: number | null }>(
      'select late_ms from ops_heartbeats where monitor_id = $1 order by checked_at, id',
      [monitorId],
    )
  ).rows;

describe('the probe loop', () => {
  it('probes a monitor overdue since the processes stopped once, then on its interval, recording how late each round started', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Overdue Co', plan: 'enterprise' });
    const appId = await addApp(owner, 'Overdue', `${base}/app/overdue`);
    const created = await owner.client.post('/api/monitors', {
      appId,
      url: `${base}/overdue`,
      intervalSeconds: 20,
    });
    expect(created.statusCode, created.body).toBe(201);
    const monitorId = created.json().id as number;

    // Ten minutes on (thirty intervals): one probe, not thirty.
    let at = new Date(Date.now() + 600_000);
    const clocked = { ...t.app.deps, clock: () => at };
    await runProbeTick(clocked);
    await runProbeTick(clocked);
    expect(hits.get('/overdue')).toHaveLength(1);
    // Its next turn is an interval from that probe, not from when it was first due.
    at = new Date(at.getTime() + 19_000);
    await runProbeTick(clocked);
    expect(hits.get('/overdue')).toHaveLength(1);
    at = new Date(at.getTime() + 1_000);
    await runProbeTick(clocked);
    expect(hits.get('/overdue')).toHaveLength(2);

    const late = (await heartbeatsOf(monitorId)).map((h) => h.late_ms);
    expect(late).toHaveLength(2);
    // The first was due when it was created, ten minutes before; the second exactly on time (the clock stood still).
    expect(late[0]).toBeGreaterThanOrEqual(590_000);
    expect(late[1]).toBe(0);
  });

  it('has two server processes probe each 20 s monitor once per interval between them', async () => {
    const owner = await signUpOwner(t.app, { businessName: 'Loop Co', plan: 'enterprise' });
    const appId = await addApp(owner, 'Looped', `${base}/app/looped`);
    const monitors: { id: number; path: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const path = `/loop/${i}`;
      const res = await owner.client.post('/api/monitors', {
        appId,
        url: `${base}${path}`,
        intervalSeconds: 20,
        timeoutMs: 2000,
      });
      expect(res.statusCode, res.body).toBe(201);
      monitors.push({ id: res.json().id, path });
    }
    // Each is first due when it was added (nothing probes this database yet).
    const { rows } = await db.query<{ id: string; due: Date }>(
      'select id, next_probe_at as due from ops_monitors where id = any($1::bigint[])',
      [monitors.map((m) => m.id)],
    );
    const firstDue = Math.min(...rows.map((r) => r.due.getTime()));

    const env = {
      DATABASE_URL: t.ownerUrl,
      MONITOR_PROBES: 'true',
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8,::1/128',
      OUTBOUND_TIMEOUT_MS: '2000',
    };
    // One after the other: on a fresh database two first starts race to create pg-boss's queues.
    const servers = [];
    for (let i = 0; i < 2; i++) {
      const server = await startServerProcess(env);
      children.push(server.child);
      servers.push(server);
    }
    // Three rounds of every monitor: the overdue first one, then two on their interval.
    const count = (path: string) => hits.get(path)?.length ?? 0;
    while (monitors.some((m) => count(m.path) < 3)) await sleep(500);
    // A graceful stop: the loop finishes and records what it claimed.
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    const stoppedAt = Date.now();

    // At most one probe per due time between the first due time and the stop: two processes probing
    // one monitor would about double it.
    const dueTimes = Math.floor((stoppedAt - firstDue) / 20_000) + 1;
    for (const monitor of monitors) {
      const heartbeats = await heartbeatsOf(monitor.id);
      expect(count(monitor.path), monitor.path).toBeLessThanOrEqual(dueTimes);
      expect(heartbeats, monitor.path).toHaveLength(count(monitor.path));
      expect(heartbeats.every((h) => h.late_ms !== null && h.late_ms >= 0)).toBe(true);
    }
  }, 180_000);
});
