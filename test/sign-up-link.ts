import pg from 'pg';

/**
 * Sign-up as a user does it against a running server: the form, then the link of the mail it sent. Used
 * by the tests (test-app.ts) and the benchmarks, so it imports nothing of vitest.
 */

/** The token of the sign-up link in a mail's text. */
export function signUpLinkToken(text: string | undefined): string {
  const link = /https?:\/\/\S+\/signup\/confirm\?token=\S+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no sign-up link in: ${text}`);
  return new URL(link).searchParams.get('token') as string;
}

/** The newest mail the outbox kept for `email` (a server without a mail transport), or ''. */
export async function outboxMailTo(databaseUrl: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ body: string }>(
      'select body from mail_outbox where to_email = $1 order by id desc limit 1',
      [email],
    );
    return rows[0]?.body ?? '';
  } finally {
    await client.end();
  }
}

/** Signs up over HTTP and confirms through the outbox of `databaseUrl`; answers the session cookie. */
export async function signUpOverHttp(
  baseUrl: string,
  body: Record<string, unknown> & { email: string },
  databaseUrl: string,
): Promise<string> {
  const post = (path: string, payload: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify(payload),
    });
  const signUp = await post('/api/auth/signup', body);
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const token = signUpLinkToken(await outboxMailTo(databaseUrl, body.email));
  const confirmed = await post('/api/auth/signup/confirm', { token });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${confirmed.status}`);
  return confirmed.headers.get('set-cookie')?.split(';')[0] ?? '';
}
