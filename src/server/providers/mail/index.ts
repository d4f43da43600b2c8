import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { LogMailProvider } from './log-mail-provider.js';
import type { MailProvider, OutgoingMail } from './mail-provider.js';
import { SmtpMailProvider } from './smtp-mail-provider.js';

export type { MailProvider, OutgoingMail } from './mail-provider.js';

/**
 * SMTP when `SMTP_URL` is configured; otherwise the offline provider that writes to the log (and hands
 * the mail to `outbox`, when given).
 */
export function createMailProvider(
  config: Config,
  log: FastifyBaseLogger,
  outbox?: (mail: OutgoingMail) => Promise<void>,
): MailProvider {
  return config.SMTP_URL
    ? new SmtpMailProvider(config.SMTP_URL, config.MAIL_FROM)
    : new LogMailProvider(log, outbox);
}
