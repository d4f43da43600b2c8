import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';

export interface RawMessage {
  raw: string;
}

export interface LocalImapServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A real IMAP server on loopback (hoodiecrow-imap, in memory) for one mailbox user, with an INBOX
 * and a Sent folder flagged \Sent. Tests talk to it over TCP with the product's own IMAP client.
 */
export async function startImapServer(options: {
  user: string;
  password: string;
  inbox: RawMessage[];
  sent: RawMessage[];
}): Promise<LocalImapServer> {
  const require = createRequire(import.meta.url);
  const hoodiecrow = require('hoodiecrow-imap') as (opts: object) => {
    server: Server;
    listen: Server['listen'];
    close(cb?: () => void): void;
  };
  const imap = hoodiecrow({
    plugins: ['ID', 'NAMESPACE', 'SPECIAL-USE', 'UNSELECT', 'ENABLE', 'IDLE', 'SASL-IR', 'AUTH-PLAIN'],
    users: { [options.user]: { password: options.password } },
    storage: {
      INBOX: { messages: options.inbox },
      '': { separator: '/', folders: { Sent: { 'special-use': '\\Sent', messages: options.sent } } },
    },
  });
  await new Promise<void>((resolve) => imap.listen(0, '127.0.0.1', () => resolve()));
  const port = (imap.server.address() as AddressInfo).port;
  return {
    port,
    // hoodiecrow's close waits for clients; a timer keeps a stuck client from hanging the suite.
    close: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2000);
        imap.close(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

/** An RFC 5322 message as a mail server stores it. */
export function rawEmail(
  headers: { from: string; to: string; subject: string; messageId?: string; date?: string },
  body: string,
) {
  return [
    `From: ${headers.from}`,
    `To: ${headers.to}`,
    `Subject: ${headers.subject}`,
    ...(headers.messageId ? [`Message-ID: ${headers.messageId}`] : []),
    `Date: ${headers.date ?? 'Fri, 20 Nov 2026 15:01:00 +0000'}`,
    '',
    body,
  ].join('\r\n');
}
