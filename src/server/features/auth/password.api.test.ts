import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../../../test/local-smtp-server.js';
import {
  ApiClient,
  addMember,
  createTestApp,
  signUpOwner,
  uniqueEmail,
  useTestApp,
} from '../../../../test/test-app.js';

let smtp: LocalSmtpServer;
let owner: pg.Client;
beforeAll(async () => {
  smtp = await startLocalSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({
  workers: true,
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'Hub <hub@example.test>' },
}));
beforeAll(async () => {
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
});

const signIn = (email: string, password: string, client = new ApiClient(t.app)) =>
  client.post('/api/auth/login', { email, password }).then((res) => ({ res, client }));

function resetToken(text: string | undefined): string {
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no reset link in: ${text}`);
  return new URL(link).searchParams.get('token') as string;
}

describe('password change', () => {
  it('needs the current password and ends every other session of the user', async () => {
    const account = await signUpOwner(t.app);
    const { client: other } = await signIn(account.email, account.password);
    expect((await other.get('/api/auth/user')).statusCode).toBe(200);

    const wrong = await account.client.post('/api/auth/password', {
      currentPassword: 'not-my-password',
      newPassword: 'a-brand-new-secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'currentPassword', message: 'is not correct' }]);

    const changed = await account.client.post('/api/auth/password', {
      currentPassword: account.password,
      newPassword: 'a-brand-new-secret',
    });
    expect(changed.statusCode).toBe(200);
    expect((await account.client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(account.email, account.password)).res.statusCode).toBe(401);
    expect((await signIn(account.email, 'a-brand-new-secret')).res.statusCode).toBe(200);
  });

  it('locks password guesses from one address without locking the user out elsewhere', async () => {
    const account = await signUpOwner(t.app);
    const guess = { currentPassword: 'not-my-password', newPassword: 'a-brand-new-passphrase-7' };
    for (let i = 0; i < 5; i += 1) {
      expect((await account.client.post('/api/auth/password', guess)).statusCode).toBe(400);
    }
    expect((await account.client.post('/api/auth/password', guess)).statusCode).toBe(429);
    // The same session from another address (the user's own, while a thief guesses) is not locked.
    const elsewhere = new ApiClient(t.app);
    elsewhere.cookie = account.client.cookie;
    const res = await elsewhere.post('/api/auth/password', { ...guess, currentPassword: account.password });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a common or blank new password, naming the field', async () => {
    const account = await signUpOwner(t.app);
    for (const newPassword of ['password1', 'Password123', '        ']) {
      const res = await account.client.post('/api/auth/password', {
        currentPassword: account.password,
        newPassword,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('newPassword');
    }
    expect((await signIn(account.email, account.password)).res.statusCode).toBe(200);
  });

  it('is open to a viewer, whose own password it is', async () => {
    const account = await signUpOwner(t.app);
    const viewer = await addMember(t.app, account, 'viewer');
    const res = await viewer.client.post('/api/auth/password', {
      currentPassword: 'correct-horse-battery',
      newPassword: 'viewer-has-a-new-one',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it("builds reset and invite links from the server's own address, never from a forged Host header", async () => {
    // PUBLIC_URL is unset here, as under `npm start`: the links use the address the server was started on.
    const forged = { host: 'evil.test', origin: 'http://evil.test' };
    const account = await signUpOwner(t.app);
    const reset = await new ApiClient(t.app).request(
      'POST',
      '/api/auth/password-reset',
      { email: account.email },
      forged,
    );
    expect(reset.statusCode).toBe(202);
    const text = (await smtp.nextMailTo(account.email)).text ?? '';
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(text)?.[0] ?? 'about:blank');
    expect(link.origin).toBe(`http://localhost:${t.config.PORT}`);
    const invite = await account.client.request(
      'POST',
      '/api/workspace/invites',
      { email: uniqueEmail('invitee'), role: 'member' },
      forged,
    );
    expect(invite.statusCode, invite.body).toBe(201);
    expect(new URL(invite.json().inviteUrl).origin).toBe(`http://localhost:${t.config.PORT}`);
  });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const account = await signUpOwner(t.app);
    const { client: other } = await signIn(account.email, account.password);

    const unknown = await new ApiClient(t.app).post('/api/auth/password-reset', {
      email: uniqueEmail('nobody'),
    });
    const known = await new ApiClient(t.app).post('/api/auth/password-reset', {
      email: account.email.toUpperCase(),
    });
    // The same answer whether or not the account exists.
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());

    const mail = await smtp.nextMailTo(account.email);
    expect(mail.subject).toBe('Reset your Business Hub password');
    expect(mail.from?.text).toContain('hub@example.test');
    const token = resetToken(mail.text);
    const { rows } = await owner.query('select token_hash from password_reset_tokens where token_hash = $1', [
      token,
    ]);
    expect(rows).toHaveLength(0); // only its hash is stored

    const common = await new ApiClient(t.app).post('/api/auth/password-reset/confirm', {
      token,
      password: 'Password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().issues[0].path).toBe('password');

    const reset = await new ApiClient(t.app).post('/api/auth/password-reset/confirm', {
      token,
      password: 'reset-to-something-new',
    });
    expect(reset.statusCode).toBe(200);
    expect((await account.client.get('/api/auth/user')).statusCode).toBe(401);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(account.email, account.password)).res.statusCode).toBe(401);
    expect((await signIn(account.email, 'reset-to-something-new')).res.statusCode).toBe(200);

    const again = await new ApiClient(t.app).post('/api/auth/password-reset/confirm', {
      token,
      password: 'and-once-more-please',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().issues).toEqual([{ path: 'token', message: 'is not valid, used or expired' }]);
    expect((await signIn(account.email, 'and-once-more-please')).res.statusCode).toBe(401);

    // No mail went to the unknown address.
    const recipients = smtp.received.flatMap((m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).map((a) => a?.text),
    );
    expect(recipients.some((r) => r?.includes('nobody'))).toBe(false);
  });

  it('refuses an expired link', async () => {
    const account = await signUpOwner(t.app);
    await new ApiClient(t.app).post('/api/auth/password-reset', { email: account.email });
    const token = resetToken((await smtp.nextMailTo(account.email)).text);
    await owner.query(
      `update password_reset_tokens set expires_at = now() - interval '1 second'
       where user_id = (select id from users where email = $1)`,
      [account.email],
    );
    const res = await new ApiClient(t.app).post('/api/auth/password-reset/confirm', {
      token,
      password: 'too-late-for-this-one',
    });
    expect(res.statusCode).toBe(400);
    expect((await signIn(account.email, account.password)).res.statusCode).toBe(200);
  });
});

describe('links in production', () => {
  const production = {
    NODE_ENV: 'production',
    SECRET_KEY: 'links-test-secret-key-links-test-secret-key',
    LOG_LEVEL: 'silent',
  };

  it('refuses invites and resets without PUBLIC_URL instead of building a link from anything else', async () => {
    const p = await createTestApp({ env: production });
    try {
      // Sign-up mails a link too, so it is refused alike for a new and a registered address.
      const refused = await new ApiClient(p.app).post('/api/auth/signup', {
        firstName: 'No',
        lastName: 'Url',
        email: uniqueEmail('no-url'),
        password: 'correct-horse-battery',
        businessName: 'No Url Co',
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().messageId).toBe('auth.signUpNotConfigured');
      // The account comes from a server that has its address, on the same database.
      const account = { ...(await signUpOwner(t.app)), client: new ApiClient(p.app) };
      const signIn = await account.client.post('/api/auth/login', {
        email: account.email,
        password: account.password,
      });
      expect(signIn.statusCode).toBe(200);
      const invitee = uniqueEmail('invitee');
      const invite = await account.client.post('/api/workspace/invites', { email: invitee, role: 'member' });
      expect(invite.statusCode, invite.body).toBe(503);
      expect(invite.json()).toMatchObject({
        messageId: 'members.inviteNotConfigured',
        message: 'Invitations are not set up on this server (PUBLIC_URL is missing).',
      });
      const reset = await new ApiClient(p.app).post('/api/auth/password-reset', { email: account.email });
      expect(reset.statusCode).toBe(503);
      expect(reset.json().messageId).toBe('auth.resetNotConfigured');
      const invites = await account.client.get('/api/workspace/invites');
      expect(invites.json()).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('builds invite links from PUBLIC_URL', async () => {
    const p = await createTestApp({ env: { ...production, PUBLIC_URL: 'https://hub.example.test' } });
    try {
      const account = await signUpOwner(p.app);
      const invite = await account.client.request(
        'POST',
        '/api/workspace/invites',
        { email: uniqueEmail('invitee'), role: 'member' },
        { host: 'evil.test', origin: 'https://hub.example.test' },
      );
      expect(invite.statusCode, invite.body).toBe(201);
      expect(new URL(invite.json().inviteUrl).origin).toBe('https://hub.example.test');
    } finally {
      await p.close();
    }
  });
});
