import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface LocalSmtpServer {
  url: string;
  received: ParsedMail[];
  /** Resolves with the next message for `to` (or the one already received). */
  nextMailTo(to: string): Promise<ParsedMail>;
  /** As `nextMailTo`, and forgets it: the mail a helper read on the test's behalf (a sign-up link). */
  takeMailTo(to: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

const running = new Map<string, LocalSmtpServer>();
/** The local SMTP server of this process an app sends to (its SMTP_URL), if it is one. */
export const localSmtpServerAt = (url: string) => running.get(url);

/** A real SMTP server on a free local port that keeps every message it receives, for mail tests. */
export async function startLocalSmtpServer(): Promise<LocalSmtpServer> {
  const received: ParsedMail[] = [];
  const waiting: { to: string; resolve: (mail: ParsedMail) => void }[] = [];
  const recipient = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
      a.value.map((v) => v.address),
    );
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const w of waiting.splice(0)) {
            if (recipient(mail).includes(w.to)) w.resolve(mail);
            else waiting.push(w);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${port}`;
  const local: LocalSmtpServer = {
    url,
    received,
    nextMailTo(to) {
      const already = received.find((mail) => recipient(mail).includes(to));
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.push({ to, resolve }));
    },
    async takeMailTo(to) {
      const mail = await local.nextMailTo(to);
      received.splice(received.indexOf(mail), 1);
      return mail;
    },
    close: () => {
      running.delete(url);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  running.set(url, local);
  return local;
}
