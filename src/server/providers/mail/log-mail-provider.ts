import type { FastifyBaseLogger } from 'fastify';
import type { MailProvider, OutgoingMail } from './mail-provider.js';

/**
 * The offline default when no SMTP_URL is set: nothing is sent, and the message (with its link) goes
 * to the server log so whoever runs the server can still pass a reset link on, and to `keep` when the
 * caller has an outbox for it (auth's, so a local sign-up can be finished: docs/areas/auth.md).
 */
export class LogMailProvider implements MailProvider {
  readonly name = 'log';

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly keep?: (mail: OutgoingMail) => Promise<void>,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    this.log.warn(
      { to: mail.to, subject: mail.subject },
      `NO MAIL WAS SENT (SMTP_URL is not set). Message for ${mail.to}:\n${mail.text}`,
    );
    await this.keep?.(mail);
  }
}
