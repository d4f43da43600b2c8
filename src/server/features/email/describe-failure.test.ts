import { AppError } from '@domain/app-error';
import { messageRef, serverMessage } from '@domain/messages';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './imap-sync.js';

const stored = (error: unknown) => {
  const line = describeFailure(error);
  return { text: line.text, ref: messageRef(line) };
};

describe('a mailbox sync failure as stored', () => {
  it('keeps the mail server’s own login reply as a value, or says the mailbox refused', () => {
    expect(stored({ authenticationFailed: true, responseText: ' Invalid credentials (Failure) ' })).toEqual({
      text: 'Login failed: Invalid credentials (Failure)',
      ref: { id: 'email.loginFailed', values: { reason: 'Invalid credentials (Failure)' } },
    });
    expect(stored({ authenticationFailed: true })).toEqual({
      text: 'Login failed: the mailbox refused the email address or app password',
      ref: { id: 'email.loginFailed', values: { reason: { id: 'email.loginRefused', values: {} } } },
    });
    const long = describeFailure({ authenticationFailed: true, responseText: 'x'.repeat(5000) });
    expect(long.text).toBe(`Login failed: ${'x'.repeat(300)}`);
  });

  it('names a connection code, keeps any other server reply, and never stores an error’s own message', () => {
    expect(
      stored(Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:993'), { code: 'ECONNREFUSED' })),
    ).toEqual({
      text: 'Cannot reach the mail server (ECONNREFUSED)',
      ref: { id: 'email.serverUnreachable', values: { code: 'ECONNREFUSED' } },
    });
    expect(stored({ responseText: 'Mailbox does not exist' })).toEqual({
      text: 'Mailbox sync failed: Mailbox does not exist',
      ref: { id: 'email.syncFailedReply', values: { reply: 'Mailbox does not exist' } },
    });
    const internal = new Error('relation "email_mailbox_cursors" does not exist');
    expect(stored(internal)).toEqual({
      text: 'Mailbox sync failed',
      ref: { id: 'email.syncFailed', values: {} },
    });
    expect(stored(Object.assign(internal, { code: '42P01' })).text).toBe('Mailbox sync failed');
    expect(stored(null).text).toBe('Mailbox sync failed');
  });

  it('stores an AppError’s catalogued message, its field prefix only in the English text', () => {
    expect(stored(AppError.badRequest('host', serverMessage('email.hostPrivate')))).toEqual({
      text: 'host: Use your provider’s public mail server, not a private address',
      ref: { id: 'email.hostPrivate', values: {} },
    });
    expect(stored(new AppError('unavailable', 'not catalogued'))).toEqual({
      text: 'Mailbox sync failed',
      ref: { id: 'email.syncFailed', values: {} },
    });
  });
});
