import pg from 'pg';
import { loadConfig } from '../config.js';
import { embeddedServerUrl } from '../db/embedded.js';
import { withDatabase } from '../db/urls.js';

/**
 * `npm run mail:outbox [count]`: the newest mails the product kept because no mail transport is set
 * (SMTP_URL unset), sign-up and password reset links included, for whoever runs the server locally.
 * Reads the running server's database (the embedded one `npm start` runs, or DATABASE_URL).
 */
const config = loadConfig();
const count = Math.max(1, Number(process.argv[2] ?? 1) || 1);
const url = config.DATABASE_URL ?? withDatabase(embeddedServerUrl(config.EMBEDDED_PG_PORT), 'hub');
const client = new pg.Client({ connectionString: url });
try {
  await client.connect();
} catch (error) {
  console.error(
    `Cannot reach the database (${(error as Error).message}). Is the server running (npm start)?`,
  );
  process.exit(1);
}
const { rows } = await client.query<{ to_email: string; subject: string; body: string; created_at: Date }>(
  'select to_email, subject, body, created_at from mail_outbox order by id desc limit $1',
  [count],
);
await client.end();
if (config.SMTP_URL) console.log('SMTP_URL is set: mail leaves through it and is not kept here.');
if (rows.length === 0) console.log('The outbox is empty.');
for (const mail of rows.reverse()) {
  console.log(
    `To: ${mail.to_email}\nSubject: ${mail.subject}\nDate: ${mail.created_at.toISOString()}\n\n${mail.body}\n`,
  );
}
