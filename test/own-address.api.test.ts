import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptureServer } from '../src/server/features/email/capture-server.js';
import { syncEmailAccount } from '../src/server/features/email/imap-sync.js';
import { assertPublicMailHost, mailSocketOptions } from '../src/server/features/email/mail-host-guard.js';
import { seal } from '../src/server/features/email/secret-box.js';
import { passwordPurpose } from '../src/server/features/email/service.js';
import { upsertAccount } from '../src/server/features/email/store.js';
import { runProbeTick } from '../src/server/features/monitoring/probe.js';
import { type AppReceiver, addApp, startAppReceiver } from './app-receiver.js';
import { eventually } from './support/eventually.js';
import { createTestApp, type SignedUp, signUpOwner, useTestApp } from './test-app.js';

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

describe("a mailbox host that is PUBLIC_URL's host, or this server at sync time", () => {
  /** The same database served as http://localhost:8080: every loopback address is PUBLIC_URL's host. */
  let published: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    published = await createTestApp({
      databaseUrl: t.ownerUrl,
      env: { PUBLIC_URL: 'http://localhost:8080' },
    });
  });
  afterAll(async () => {
    await published?.close();
  });

  it('is refused on save on any port, by name and by address, naming the field, unless OUTBOUND_ALLOW_SELF', async () => {
    const owner = await signUpOwner(published.app);
    for (const host of ['LOCALHOST', '127.0.0.1']) {
      const res = await connectTo(owner, 993, host);
      expect(res.statusCode, `${host}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        messageId: 'outbound.ownAddress',
        issues: [expect.objectContaining({ path: 'host' })],
      });
    }
    expect((await owner.client.get('/api/email/sync-status')).json()).toEqual([]);
    // The operator's switch lets the same host through (loopback is allowed in tests, as for every check).
    await expect(
      assertPublicMailHost({ ...published.config, OUTBOUND_ALLOW_SELF: true }, '127.0.0.1', 993),
    ).resolves.toBeUndefined();
  });

  it('fails a sync with the reason when a stored mailbox host has become this server', async () => {
    const owner = await signUpOwner(t.app);
    // Stored while the server had no PUBLIC_URL (or while the name pointed elsewhere).
    const account = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      upsertAccount(tx, {
        provider: 'gmail',
        email: 'old-self@example.test',
        imapHost: '127.0.0.1',
        imapPort: 993,
        imapSecure: false,
        smtpHost: 'smtp.gmail.com',
        smtpPort: 465,
        sealedPassword: seal(t.config.secretKey, passwordPurpose, 'pw', 'old-self@example.test'),
        createdBy: owner.userId,
      }),
    );
    await syncEmailAccount(published.app.deps, owner.workspaceId, account.id);
    const [after] = (await owner.client.get('/api/email/sync-status')).json();
    expect(after).toMatchObject({
      isActive: false,
      lastError: `host: ${ownAddress}`,
      lastErrorMessage: { id: 'outbound.ownAddress' },
    });
  });

  it("refuses at connect time the address a name resolves to when it is this server's port", async () => {
    /** What the IMAP socket's lookup hands the socket for `localhost`, or the error it refuses with. */
    const lookUp = (port: number) =>
      new Promise<string>((resolve, reject) =>
        mailSocketOptions(t.config, port).lookup('localhost', { family: 4 }, (error, address) =>
          error ? reject(error) : resolve(String(address)),
        ),
      );
    await expect(lookUp(port)).rejects.toMatchObject({ kind: 'own_address' });
    // Another port of this machine is another server.
    await expect(lookUp(port === 1 ? 2 : port - 1)).resolves.toBe('127.0.0.1');
  });
});

function connectTo(owner: SignedUp, port: number, host = '127.0.0.1') {
  return owner.client.post('/api/email/sync-status', {
    provider: 'gmail',
    email: 'self@example.test',
    appPassword: 'app-password-1234',
    host,
    port,
    secure: false,
  });
}
