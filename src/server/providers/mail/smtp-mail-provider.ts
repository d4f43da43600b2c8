import { createTransport, type Transporter } from 'nodemailer';
import type { MailProvider, OutgoingMail } from './mail-provider.js';

/** Sends through the SMTP server of `SMTP_URL` (smtp://user:pass@host:port, or smtps:// for TLS). */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}
