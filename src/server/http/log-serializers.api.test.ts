import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, useTestApp } from '../../../test/test-app.js';
import { insertUser } from '../features/auth/store.js';

const lines: string[] = [];
const t = useTestApp({ logStream: { write: (line) => lines.push(line) } });

describe('the log', () => {
  it('holds no parameter values of a failed database write', async () => {
    const email = uniqueEmail('logged');
    const user = { email, firstName: 'Lo', lastName: 'Gged', passwordHash: await hash('first-password') };
    await insertUser(t.database.db, user);
    const secretHash = await hash('a-password-nobody-may-read');
    // The same email again: the unique index refuses the write, with the new hash among the parameters.
    const error = await insertUser(t.database.db, { ...user, passwordHash: secretHash }).catch((e) => e);
    expect(String(error.message)).toContain(secretHash); // what the error itself carries
    t.app.log.error({ err: error }, 'write failed');

    const line = lines.find((l) => l.includes('write failed')) ?? '';
    const logged = JSON.parse(line);
    expect(logged.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(logged.err.message).toContain('params: [4 redacted]');
    expect(logged.err.cause).toMatchObject({
      code: '23505',
      detail: 'Key (email)=(redacted) already exists.',
    });
    expect(line).not.toContain(secretHash);
    expect(line).not.toContain('$argon2');
    expect(line).not.toContain(email);
  });
});
