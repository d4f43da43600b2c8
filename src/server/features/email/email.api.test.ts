import { type AddressInfo, createServer as createNetServer, type Server } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/support/eventually.js';
import { internalDetail, withFailingInserts } from '../../../../test/support/failing-inserts.js';
import { type LocalImapServer, rawEmail, startImapServer } from '../../../../test/support/imap-server.js';
import { addMember, type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';
import { type CaptureServer, startCaptureServer } from './capture-server.js';
import { syncEmailAccount } from './imap-sync.js';
import { seal } from './secret-box.js';
import { passwordPurpose } from './service.js';
import { upsertAccount } from './store.js';

const t = useTestApp({ workers: true });

interface Job {
  id: number;
  from_email: string;
  to_email: string;
  subject: string | null;
  processed: boolean;
  contact_created: boolean;
  error_message: string | null;
  error_message_ref: { id: string; values?: Record<string, unknown> } | null;
}

async function jobs(owner: Pick<SignedUp, 'client'>): Promise<Job[]> {
  const res = await owner.client.get('/api/emails/processing-jobs');
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function contactByEmail(owner: Pick<SignedUp, 'client'>, email: string) {
  const list = (await owner.client.get(`/api/contacts?q=${encodeURIComponent(email)}`)).json() as Array<{
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    company: string | null;
    lastContactedAt: string | null;
  }>;
  return list.find((c) => c.email === email);
}

const inbound = {
  fromEmail: 'Jane Doe <jane.doe@acme-realty.com>',
  toEmail: 'owner@mybiz.test',
  subject: 'Interested in the 3-bed on Elm St',
  body: 'Could we see it Saturday?',
  direction: 'inbound',
  receivedAt: '2026-11-18T10:00:00.000Z',
};

describe('POST /api/emails/process', () => {
  it('queues the email; the sender becomes a contact with a conversation and a timeline entry', async () => {
    const owner = await signUpOwner(t.app);
    const res = await owner.client.post('/api/emails/process', { ...inbound, messageId: '' });
    expect(res.statusCode).toBe(202);
    expect(res.json().messageId).toMatch(/^manual-[0-9a-f-]{36}$/);

    const job = await eventually(async () => (await jobs(owner)).find((j) => j.processed));
    expect(job).toMatchObject({
      from_email: 'jane.doe@acme-realty.com',
      to_email: 'owner@mybiz.test',
      subject: inbound.subject,
      contact_created: true,
      error_message: null,
      error_message_ref: null,
    });

    const contact = await contactByEmail(owner, 'jane.doe@acme-realty.com');
    expect(contact).toMatchObject({ firstName: 'Jane', lastName: 'Doe', company: 'Acme Realty' });
    expect(contact?.lastContactedAt).toBe('2026-11-18T10:00:00.000Z');

    const detail = (await owner.client.get(`/api/contacts/${contact?.id}`)).json();
    expect(detail.timeline.map((e: { kind: string; title: string }) => [e.kind, e.title])).toContainEqual([
      'email',
      `Email received: ${inbound.subject}`,
    ]);

    const conversations = (await owner.client.get('/api/email/conversations')).json();
    expect(conversations).toEqual([
      expect.objectContaining({
        subject: inbound.subject,
        direction: 'inbound',
        fromEmail: 'jane.doe@acme-realty.com',
        toEmail: 'owner@mybiz.test',
        receivedAt: '2026-11-18T10:00:00.000Z',
        contactId: contact?.id,
      }),
    ]);
  });

  it('files an outgoing email under its recipient, updates an existing contact, and gives free mail no company', async () => {
    const owner = await signUpOwner(t.app);
    await owner.client.post('/api/emails/process', {
      ...inbound,
      fromEmail: 'Sam Seller <sam.seller@gmail.com>',
      messageId: 'first@mail',
    });
    await eventually(async () => (await jobs(owner)).find((j) => j.processed));
    const res = await owner.client.post('/api/emails/process', {
      fromEmail: 'owner@mybiz.test',
      toEmail: 'SAM.SELLER@gmail.com',
      subject: 'Re: listing',
      direction: 'outgoing',
      receivedAt: '2026-11-19T09:30:00.000Z',
      messageId: 'second@mail',
    });
    expect(res.statusCode).toBe(202);
    const second = await eventually(async () =>
      (await jobs(owner)).find((j) => j.processed && j.subject === 'Re: listing'),
    );
    expect(second.contact_created).toBe(false);
    const contact = await contactByEmail(owner, 'sam.seller@gmail.com');
    expect(contact).toMatchObject({ firstName: 'Sam', lastName: 'Seller', company: null });
    expect(contact?.lastContactedAt).toBe('2026-11-19T09:30:00.000Z');
  });

  it('is idempotent on messageId within a workspace', async () => {
    const owner = await signUpOwner(t.app);
    const first = await owner.client.post('/api/emails/process', { ...inbound, messageId: '<dup-1@acme>' });
    const again = await owner.client.post('/api/emails/process', { ...inbound, messageId: '<dup-1@acme>' });
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ jobId: first.json().jobId, duplicate: true });
    await eventually(async () => (await jobs(owner)).find((j) => j.processed));
    expect(await jobs(owner)).toHaveLength(1);
    expect((await owner.client.get('/api/email/conversations')).json()).toHaveLength(1);
    // Another workspace may hold the same Message-ID: ids are unique per workspace.
    const other = await signUpOwner(t.app);
    expect(
      (await other.client.post('/api/emails/process', { ...inbound, messageId: '<dup-1@acme>' })).json()
        .duplicate,
    ).toBe(false);
  });

  it('requires from and to, naming the field, and writes nothing', async () => {
    const owner = await signUpOwner(t.app);
    const res = await owner.client.post('/api/emails/process', { ...inbound, fromEmail: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'fromEmail', message: 'Please provide at least the from and to email addresses.' },
    ]);
    const missingTo = await owner.client.post('/api/emails/process', { fromEmail: 'a@b.co' });
    expect(missingTo.statusCode).toBe(400);
    expect(missingTo.json().issues[0].path).toBe('toEmail');
    const badDirection = await owner.client.post('/api/emails/process', {
      ...inbound,
      direction: 'sideways',
    });
    expect(badDirection.json().issues[0].path).toBe('direction');
    const notAnAddress = await owner.client.post('/api/emails/process', {
      ...inbound,
      toEmail: 'just a name',
    });
    expect(notAnAddress.json().issues[0]).toEqual({ path: 'toEmail', message: 'is not an email address' });
    expect(await jobs(owner)).toEqual([]);
  });

  it('stores why processing failed as a catalogued line: the plan limit as said, anything unexpected generically', async () => {
    const owner = await signUpOwner(t.app, { plan: 'starter' });
    const people = Array.from({ length: 1000 }, (_, i) => `person${i}@full.test`);
    const filled = await owner.client.post('/api/contacts/import-csv', {
      csvData: `email\n${people.join('\n')}\n`,
      filename: 'full.csv',
    });
    expect(filled.statusCode).toBe(202);
    await eventually(async () => {
      const res = await owner.client.get(`/api/contacts/import-status/${filled.json().jobId}`);
      return res.json().status === 'completed' || undefined;
    });
    await owner.client.post('/api/emails/process', { ...inbound, messageId: '<over-limit@acme>' });
    const full = await eventually(async () => (await jobs(owner)).find((j) => j.error_message));
    expect(full).toMatchObject({
      error_message:
        'Your Starter plan allows up to 1,000 contacts and you have 1,000. Upgrade your plan to add more.',
      error_message_ref: {
        id: 'contacts.planLimitReached',
        values: { plan: 'Starter', limit: '1,000', total: '1,000' },
      },
    });

    // A real database error while filing: the user reads the generic line, never the error's own text.
    const other = await signUpOwner(t.app);
    await withFailingInserts(t.ownerUrl, 'email_conversations', other.workspaceId, async () => {
      await other.client.post('/api/emails/process', { ...inbound, messageId: '<boom@acme>' });
      const failed = await eventually(async () => (await jobs(other)).find((j) => j.error_message));
      expect(failed).toMatchObject({
        processed: false,
        error_message: 'Processing this email failed because of an error on our side.',
        error_message_ref: { id: 'email.processingFailed', values: {} },
      });
      expect(JSON.stringify(failed)).not.toContain(internalDetail);
    });
  });

  it('refuses a viewer and keeps each workspace to its own jobs and conversations', async () => {
    const owner = await signUpOwner(t.app);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await viewer.client.post('/api/emails/process', inbound)).statusCode).toBe(403);
    await owner.client.post('/api/emails/process', inbound);
    await eventually(async () => (await jobs(owner)).find((j) => j.processed));
    // Viewers read.
    expect((await viewer.client.get('/api/emails/processing-jobs')).json()).toHaveLength(1);
    const stranger = await signUpOwner(t.app);
    expect(await jobs(stranger)).toEqual([]);
    expect((await stranger.client.get('/api/email/conversations')).json()).toEqual([]);
    expect(await contactByEmail(stranger, 'jane.doe@acme-realty.com')).toBeUndefined();
  });
});

describe('mailbox accounts and IMAP sync', () => {
  const user = 'agent@mybiz.test';
  const password = 'app-password-123';
  let imap: LocalImapServer;

  beforeAll(async () => {
    imap = await startImapServer({
      user,
      password,
      inbox: [
        {
          raw: rawEmail(
            {
              from: 'Bob Buyer <bob@buyers-club.com>',
              to: user,
              subject: 'Offer on Maple Ave',
              messageId: '<in-1@buyers-club.com>',
            },
            'We would like to offer 410k.',
          ),
        },
        {
          raw: rawEmail(
            {
              from: 'Ivy Investor <ivy@ivy-capital.com>',
              to: user,
              subject: 'Portfolio',
              messageId: '<in-2@ivy-capital.com>',
            },
            'Any duplexes?',
          ),
        },
      ],
      sent: [
        {
          raw: rawEmail(
            {
              from: user,
              to: 'Rita Realtor <rita@homes-r-us.com>',
              subject: 'Co-listing',
              messageId: '<out-1@mybiz.test>',
            },
            'Shall we co-list?',
          ),
        },
      ],
    });
  });
  afterAll(() => imap.close());

  const connect = (owner: Pick<SignedUp, 'client'>, overrides: Record<string, unknown> = {}) =>
    owner.client.post('/api/email/sync-status', {
      provider: 'gmail',
      email: user,
      appPassword: password,
      host: '127.0.0.1',
      port: imap.port,
      secure: false,
      ...overrides,
    });

  it('syncs INBOX and Sent into contacts and conversations, then only what is new', async () => {
    const owner = await signUpOwner(t.app);
    const res = await connect(owner);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: user,
      provider: 'gmail',
      isActive: true,
      lastError: null,
      lastErrorMessage: null,
    });
    expect(JSON.stringify(res.json())).not.toContain(password);

    const account = await eventually(async () => {
      const [a] = (await owner.client.get('/api/email/sync-status')).json();
      return a.lastSyncedAt ? a : undefined;
    });
    expect(account).toMatchObject({ isActive: true, lastError: null, lastErrorMessage: null });
    expect(JSON.stringify(account)).not.toContain(password);

    await eventually(async () => (await jobs(owner)).filter((j) => j.processed).length === 3);
    const conversations = (await owner.client.get('/api/email/conversations')).json();
    expect(
      conversations.map((c: { subject: string; direction: string }) => [c.subject, c.direction]).sort(),
    ).toEqual([
      ['Co-listing', 'outgoing'],
      ['Offer on Maple Ave', 'inbound'],
      ['Portfolio', 'inbound'],
    ]);
    expect(await contactByEmail(owner, 'rita@homes-r-us.com')).toMatchObject({
      firstName: 'Rita',
      company: 'Homes R Us',
    });
    expect(await contactByEmail(owner, 'bob@buyers-club.com')).toMatchObject({ lastName: 'Buyer' });

    // A new message arrives over IMAP; the next sync reads it alone.
    const { ImapFlow } = await import('imapflow');
    const mailClient = new ImapFlow({
      host: '127.0.0.1',
      port: imap.port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await mailClient.connect();
    await mailClient.append(
      'INBOX',
      rawEmail(
        {
          from: 'New Lead <lead@fresh-leads.io>',
          to: user,
          subject: 'Hello',
          messageId: '<in-3@fresh-leads.io>',
        },
        'Hi!',
      ),
    );
    await mailClient.logout();
    await connect(owner); // reconnecting the same address syncs again
    await eventually(async () => (await jobs(owner)).filter((j) => j.processed).length === 4);
    expect((await jobs(owner)).filter((j) => j.subject === 'Offer on Maple Ave')).toHaveLength(1);
    expect(await contactByEmail(owner, 'lead@fresh-leads.io')).toMatchObject({ company: 'Fresh Leads' });
  });

  it('marks the account inactive with the reason when the login fails', async () => {
    const owner = await signUpOwner(t.app);
    expect((await connect(owner, { appPassword: 'wrong-password' })).statusCode).toBe(201);
    const account = await eventually(async () => {
      const [a] = (await owner.client.get('/api/email/sync-status')).json();
      return a.isActive ? undefined : a;
    });
    expect(account.lastError).toMatch(/^Login failed: ./);
    // The mail server's own reply is kept as a value inside the catalogued line (issue 10).
    const reply = account.lastError.slice('Login failed: '.length);
    expect(account.lastErrorMessage).toEqual({ id: 'email.loginFailed', values: { reason: reply } });
    expect(account.lastSyncedAt).toBeNull();
    expect(await jobs(owner)).toEqual([]);
  });

  it('rejects bad input naming the field, refuses viewers, and hides other workspaces', async () => {
    const owner = await signUpOwner(t.app);
    const badProvider = await connect(owner, { provider: 'yahoo' });
    expect(badProvider.statusCode).toBe(400);
    expect(badProvider.json().issues[0].path).toBe('provider');
    const noPassword = await connect(owner, { appPassword: undefined });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().issues[0].path).toBe('password');
    const badEmail = await connect(owner, { email: 'not-an-email' });
    expect(badEmail.json().issues[0].path).toBe('email');
    expect((await owner.client.get('/api/email/sync-status')).json()).toEqual([]);

    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await connect(viewer)).statusCode).toBe(403);
    expect((await viewer.client.get('/api/email/sync-status')).statusCode).toBe(200);

    await connect(owner, { host: '127.0.0.1', port: 1 });
    expect((await owner.client.get('/api/email/sync-status')).json()).toHaveLength(1);
    const stranger = await signUpOwner(t.app);
    expect((await stranger.client.get('/api/email/sync-status')).json()).toEqual([]);
  });
});

describe('capture address (SMTP)', () => {
  let capture: CaptureServer;
  beforeAll(async () => {
    capture = await startCaptureServer(t.app.deps, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => capture.close());

  const transport = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: capture.port, secure: false, ignoreTLS: true });

  it('shows the workspace capture address and files mail sent to it', async () => {
    const owner = await signUpOwner(t.app);
    const { address } = (await owner.client.get('/api/email/capture-address')).json();
    expect(address).toMatch(/^[0-9a-f]{18}@capture\.localhost$/);

    // A client writes in, copying the capture address: inbound, filed under the sender.
    await transport().sendMail({
      from: 'Carla Client <carla@client-co.com>',
      to: 'owner@mybiz.test',
      bcc: address,
      subject: 'Viewing request',
      text: 'Can I see the loft?',
      messageId: '<cap-1@client-co.com>',
    });
    // The owner BCCs the capture address on their own mail: outgoing, filed under the recipient.
    await transport().sendMail({
      from: owner.email,
      to: 'Dan Dealer <dan@dealers.net>',
      bcc: address,
      subject: 'Proposal',
      text: 'Attached.',
    });
    await eventually(async () => (await jobs(owner)).filter((j) => j.processed).length === 2);
    const conversations = (await owner.client.get('/api/email/conversations')).json();
    expect(
      conversations.map((c: { subject: string; direction: string }) => [c.subject, c.direction]).sort(),
    ).toEqual([
      ['Proposal', 'outgoing'],
      ['Viewing request', 'inbound'],
    ]);
    expect(await contactByEmail(owner, 'carla@client-co.com')).toMatchObject({
      firstName: 'Carla',
      company: 'Client Co',
    });
    expect(await contactByEmail(owner, 'dan@dealers.net')).toMatchObject({
      firstName: 'Dan',
      lastName: 'Dealer',
    });
    expect(await contactByEmail(owner, owner.email)).toBeUndefined();
  });

  it('refuses unknown capture addresses at RCPT TO', async () => {
    await expect(
      transport().sendMail({
        from: 'x@y.com',
        to: 'ffffffffffffffffff@capture.localhost',
        subject: 'x',
        text: 'x',
      }),
    ).rejects.toThrow(/550/);
    await expect(
      transport().sendMail({ from: 'x@y.com', to: 'someone@elsewhere.com', subject: 'x', text: 'x' }),
    ).rejects.toThrow(/550/);
  });
});

describe('mail host guard (no loopback allowed, as on a real install)', () => {
  let probe: Server;
  let probePort: number;
  let probeConnections = 0;
  const strict = useTestApp({ env: { OUTBOUND_ALLOW_CIDRS: '' } });
  beforeAll(async () => {
    probe = createNetServer((socket) => {
      probeConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    probePort = (probe.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => probe.close(resolve));
  });

  it('refuses a custom host that is not a public unicast address, naming the field', async () => {
    const owner = await signUpOwner(strict.app);
    for (const host of [
      '127.0.0.1',
      'localhost',
      '10.1.2.3',
      '192.0.2.10',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      const res = await owner.client.post('/api/email/sync-status', {
        provider: 'gmail',
        email: 'me@example.com',
        appPassword: 'app-password',
        host,
        port: probePort,
        secure: false,
      });
      expect(`${host}: ${res.statusCode}`).toBe(`${host}: 400`);
      expect(res.json().issues[0]).toEqual({
        path: 'host',
        message: 'Use your provider’s public mail server, not a private address',
      });
    }
    expect((await owner.client.get('/api/email/sync-status')).json()).toEqual([]);
    expect(probeConnections).toBe(0);
  });

  it('checks the host again at every sync, before any connection', async () => {
    const owner = await signUpOwner(strict.app);
    // An account stored earlier whose host now points inside the network (DNS changed, or an old row).
    const account = await strict.database.withWorkspace(owner.workspaceId, (tx) =>
      upsertAccount(tx, {
        provider: 'gmail',
        email: 'old@example.com',
        imapHost: '127.0.0.1',
        imapPort: probePort,
        imapSecure: false,
        smtpHost: 'smtp.gmail.com',
        smtpPort: 465,
        sealedPassword: seal(strict.config.secretKey, passwordPurpose, 'pw', 'old@example.com'),
        createdBy: owner.userId,
      }),
    );
    await syncEmailAccount(strict.app.deps, owner.workspaceId, account.id);
    const [after] = (await owner.client.get('/api/email/sync-status')).json();
    expect(after).toMatchObject({
      isActive: false,
      lastError: 'host: Use your provider’s public mail server, not a private address',
      lastErrorMessage: { id: 'email.hostPrivate', values: {} },
    });
    expect(probeConnections).toBe(0);
  });
});
