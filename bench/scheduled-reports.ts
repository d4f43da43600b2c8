/**
 * bench/scheduled-reports: BENCH_SCHEDULE_WORKSPACES workspaces (default 100), each with a saved contacts
 * report (a month by day, bar chart) and a weekly schedule to one confirmed outside address, all due at once.
 * The real built server sends through a local SMTP sink in this process; measured: from the moment they
 * are due until every mail (HTML and PDF) is at the sink, and from the first mail to the last (the due
 * time includes the wait for the next minute tick). Target (issue 34): 100 workspaces within 5 minutes,
 * each exactly once. Prints JSON. Run alone: `npx tsx bench/scheduled-reports.ts`.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startBuiltServer } from './support/start-server.js';

const workspaceCount = Number(process.env.BENCH_SCHEDULE_WORKSPACES ?? 100);

const received: { to: string; at: number; pdfBytes: number }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream).then((mail) => {
      if (mail.messageId?.startsWith('<report-'))
        received.push({
          to: mail.to && !Array.isArray(mail.to) ? (mail.to.value[0]?.address ?? '') : '',
          at: performance.now(),
          pdfBytes: mail.attachments.find((a) => a.contentType === 'application/pdf')?.size ?? 0,
        });
      callback();
    }, callback);
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;

const server = await startBuiltServer({ SMTP_URL: smtpUrl, OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8' });
try {
  const owner = new pg.Client({ connectionString: server.ownerUrl });
  // The server's stop ends this connection too: not an error of the benchmark.
  owner.on('error', () => {});
  await owner.connect();
  const definition = {
    name: 'New contacts',
    source: 'contacts',
    measures: [{ fn: 'count' }],
    breakdown: { by: 'day' },
    filters: [],
    range: { from: '2026-01-01', to: '2026-01-31' },
    compare: false,
    chart: 'bar',
  };
  const next = new Date(Date.now() + 10 * 86_400_000).toISOString();
  for (let i = 0; i < workspaceCount; i++) {
    const { rows } = await owner.query(`insert into workspaces (name) values ($1) returning id`, [
      `Scheduled ${i}`,
    ]);
    const workspaceId = rows[0].id;
    await owner.query(
      `insert into contacts (workspace_id, first_name, email, created_at)
       select $1, 'C', 'c' || g || '-' || $2 || '@bench.example', timestamptz '2026-01-01' + (g % 31) * interval '1 day'
       from generate_series(1, 200) g`,
      [workspaceId, String(workspaceId)],
    );
    const report = await owner.query(
      `insert into reports (workspace_id, name, definition) values ($1, $2, $3) returning id`,
      [workspaceId, definition.name, definition],
    );
    const schedule = await owner.query(
      `insert into report_schedules (workspace_id, report_id, frequency, weekday, time_of_day)
       values ($1, $2, 'weekly', 1, '08:00') returning id`,
      [workspaceId, report.rows[0].id],
    );
    await owner.query(
      `insert into report_schedule_recipients (workspace_id, schedule_id, email, locale, time_zone, confirmed_at, next_run_at)
       values ($1, $2, $3, 'en', 'UTC', now(), $4)`,
      [workspaceId, schedule.rows[0].id, `reader-${i}@bench.example`, next],
    );
  }
  // All due at once.
  await owner.query(`update report_schedule_recipients set next_run_at = now()`);
  const due = performance.now();
  const deadline = due + 10 * 60_000;
  while (received.length < workspaceCount && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const { rows: sends } = await owner.query(
    `select count(*)::int as recorded, count(*) filter (where status = 'sent')::int as sent from report_sends`,
  );
  await owner.end();
  const first = Math.min(...received.map((r) => r.at));
  const last = Math.max(...received.map((r) => r.at));
  console.log(
    JSON.stringify(
      {
        bench: 'scheduled-reports',
        workspaces: workspaceCount,
        mailsReceived: received.length,
        distinctRecipients: new Set(received.map((r) => r.to)).size,
        recorded: sends[0].recorded,
        markedSent: sends[0].sent,
        secondsFromDueToLastMail: Math.round((last - due) / 100) / 10,
        secondsFromFirstToLastMail: Math.round((last - first) / 100) / 10,
        averagePdfKb:
          Math.round(received.reduce((sum, r) => sum + r.pdfBytes, 0) / received.length / 102.4) / 10,
        targetSeconds: 300,
      },
      null,
      2,
    ),
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await server.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
}
