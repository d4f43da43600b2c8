import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../../test/server-process.js';
import { createTestApp, signUpOwner, type TestApp } from '../../../../test/test-app.js';

const recipientCount = 12;
const apps: TestApp[] = [];
let db: pg.Client | undefined;
afterAll(async () => {
  await db?.end();
  for (const t of apps) await t.close();
});

describe('a scheduled report round killed mid-send', () => {
  it('mails each recipient once after kill -9 and a restart, but the one caught in the window', {
    timeout: 240_000,
  }, async () => {
    // A sink that holds the third message unanswered: the server is killed while it waits. The sink then
    // takes it anyway, as an SMTP server that got the final dot may: SMTP's one window.
    const accepted: { to: string; messageId: string; pdf: boolean }[] = [];
    let held: (() => void) | null = null;
    let reached: () => void = () => {};
    const reachedHold = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [])
            .flatMap((a) => a.value.map((v) => v.address ?? ''))
            .join(',');
          const copy = {
            to,
            messageId: mail.messageId ?? '',
            pdf: mail.attachments.some((a) => a.contentType === 'application/pdf'),
          };
          if (!copy.messageId.startsWith('<report-')) return callback();
          if (accepted.length === 2 && !held) {
            held = () => {
              accepted.push(copy);
              callback();
            };
            reached();
            return;
          }
          accepted.push(copy);
          callback();
        }, callback);
      },
    });
    // The killed server's connection resets under the held message's answer: expected, and only that.
    const sinkErrors: Error[] = [];
    sink.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') sinkErrors.push(error);
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;

    // Its own database: no other file's workers may take these sends.
    const setup = await createTestApp({ ownDatabase: true });
    apps.push(setup);
    db = new pg.Client({ connectionString: setup.ownerUrl });
    await db.connect();
    const owner = await signUpOwner(setup.app, { businessName: 'Killed Round' });
    const reportId = (
      await owner.client.post('/api/reports', {
        name: 'Weekly count',
        source: 'contacts',
        measures: [{ fn: 'count' }],
        range: { from: '2031-01-01', to: '2031-01-31' },
        chart: 'number',
      })
    ).json().id;
    const created = await owner.client.post('/api/reports/schedules', {
      reportId,
      frequency: 'weekly',
      weekday: 1,
      timeOfDay: '08:00',
      recipients: [{ userId: owner.userId, timeZone: 'UTC' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const scheduleId = created.json().id;
    // The other recipients: outside addresses already confirmed; everyone due now.
    const emails = Array.from({ length: recipientCount - 1 }, (_, i) => `reader${i}@kill.example`);
    for (const email of emails)
      await db.query(
        `insert into report_schedule_recipients (workspace_id, schedule_id, email, locale, time_zone, confirmed_at, next_run_at)
         values ($1, $2, $3, 'en', 'UTC', now(), now())`,
        [owner.workspaceId, scheduleId, email],
      );
    await db.query(`update report_schedule_recipients set next_run_at = now() where schedule_id = $1`, [
      scheduleId,
    ]);
    await setup.close();
    apps.splice(apps.indexOf(setup), 1);

    const env = { SMTP_URL: smtpUrl, DATABASE_URL: setup.ownerUrl, OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' };
    const first = await startServerProcess(env);
    try {
      // The minute tick records the round and queues it; the third mail is held, and the server killed.
      await reachedHold;
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
    } finally {
      first.child.kill('SIGKILL');
    }
    (held as (() => void) | null)?.();
    const recorded = await db.query(`select count(*)::int as n from report_sends`);
    expect(recorded.rows[0].n).toBe(recipientCount);

    const second = await startServerProcess(env);
    try {
      for (;;) {
        const { rows } = await db.query(
          `select count(*)::int as n from report_sends where status = 'pending'`,
        );
        if (rows[0].n === 0) break;
        await sleep(200);
      }
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
    // Everyone has the report with its PDF; the held one twice with the one Message-ID of its row. Others
    // sent side by side may have been in the same window when the process died: each such copy carries its
    // row's Message-ID too, and there are at most as many as the send jobs running at once (4).
    const byRecipient = new Map<string, typeof accepted>();
    for (const a of accepted) byRecipient.set(a.to, [...(byRecipient.get(a.to) ?? []), a]);
    expect([...byRecipient.keys()].sort()).toEqual([owner.email, ...emails].sort());
    expect(accepted.every((a) => a.pdf)).toBe(true);
    const heldTo = accepted.find((a, i) => accepted.findIndex((b) => b.to === a.to) !== i)?.to;
    expect(heldTo).toBeDefined();
    for (const copies of byRecipient.values()) expect(new Set(copies.map((c) => c.messageId)).size).toBe(1);
    expect(accepted.length - recipientCount).toBeGreaterThanOrEqual(1);
    expect(accepted.length - recipientCount).toBeLessThanOrEqual(4);
    expect(sinkErrors).toEqual([]);
  });
});
