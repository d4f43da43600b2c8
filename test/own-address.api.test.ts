import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptureServer } from '../src/server/features/email/capture-server.js';
import { runProbeTick } from '../src/server/features/monitoring/probe.js';
import { type AppReceiver, addApp, startAppReceiver } from './app-receiver.js';
import { eventually } from './support/eventually.js';
import { signUpOwner, useTestApp } from './test-app.js';

// Loopback is allowed here, as in every API test (their local servers listen there): only this server's
// own address is refused, whatever a user makes it fetch.
let receiver: AppReceiver;
beforeAll(async () => {
  receiver = await startAppReceiver();
});
afterAll(async () => {
  await receiver.close();
});
const t = useTestApp({ workers: true });
let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

const ownAddress = 'This address is this server itself; it does not fetch its own pages for anyone.';

describe("a URL pointing at this server's own address", () => {
  it('is refused with the reason when a monitor probes it or an integration starts on it', async () => {
    const owner = await signUpOwner(t.app);
    const self = await addApp(owner, 'Myself', `http://localhost:${port}/`);
    const elsewhere = await addApp(owner, 'Elsewhere', `${receiver.base}/app/elsewhere`);
    await runProbeTick(t.app.deps);
    const monitors = (await owner.client.get('/api/monitors')).json() as {
      appId: number;
      status: string;
      consecutiveFailures: number;
      lastError: string | null;
      lastErrorMessage: { id: string } | null;
    }[];
    // One failed round of the two that count it down.
    expect(monitors.find((m) => m.appId === self)).toMatchObject({
      consecutiveFailures: 1,
      lastError: ownAddress,
      lastErrorMessage: { id: 'outbound.ownAddress' },
    });
    // Another port on the same machine is another server: probed as usual.
    expect(monitors.find((m) => m.appId === elsewhere)).toMatchObject({ status: 'up', lastError: null });

    const started = await owner.client.post(`/api/integrate/${self}`);
    expect(started.statusCode, started.body).toBe(202);
    const failed = await eventually(async () => {
      const app = (await owner.client.get('/api/integration-status')).json().applications.Myself;
      return app.status === 'error' ? app : undefined;
    });
    expect(failed.error).toContain(ownAddress);
  });

  it("refuses a mailbox host that is this server's own HTTP or capture SMTP port, naming the field", async () => {
    const owner = await signUpOwner(t.app);
    const capture = await startCaptureServer(t.app.deps, { port: 0, host: '127.0.0.1' });
    try {
      for (const own of [port, capture.port]) {
        const res = await connectTo(owner, own);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          messageId: 'outbound.ownAddress',
          issues: [expect.objectContaining({ path: 'host' })],
        });
      }
      expect((await owner.client.get('/api/email/sync-status')).json()).toEqual([]);
    } finally {
      await capture.close();
    }
    // Closed, that port is no longer this server's: the check passes (the sync then finds nothing there).
    expect((await connectTo(owner, capture.port)).statusCode).toBe(201);
  });
});

function connectTo(owner: Awaited<ReturnType<typeof signUpOwner>>, port: number) {
  return owner.client.post('/api/email/sync-status', {
    provider: 'gmail',
    email: 'self@example.test',
    appPassword: 'app-password-1234',
    host: '127.0.0.1',
    port,
    secure: false,
  });
}
