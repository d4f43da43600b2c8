import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import type { ParsedAddress } from '@domain/email/addresses';
import { SMTPServer } from 'smtp-server';
import type { AppDeps } from '../../deps.js';
import { noteOwnListener } from '../../http/outbound.js';
import { bounceAddressWorkspace, recordDeliveryReport } from '../marketing/index.js';
import { type ParsedMessage, parseRawMessage } from './parse-message.js';
import { type IncomingEmail, recordIncomingEmail } from './service.js';
import * as store from './store.js';

/** Larger messages are refused at MAIL FROM (SIZE, advertised in EHLO) or dropped while streaming. */
export const maxCaptureBytes = 25 * 1024 * 1024;

export interface CaptureServer {
  port: number;
  close(): Promise<void>;
}

class SmtpReject extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

/**
 * The message, or null as soon as it passes `limit` bytes: what was kept is dropped at once and the
 * rest flows past unkept (SMTP answers DATA only after its end, so smtp-server drains it).
 */
export function readWithin(stream: Readable, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onEnd = () => resolve(Buffer.concat(chunks));
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stream.off('data', onData);
      stream.off('end', onEnd);
      chunks.length = 0;
      stream.resume();
      resolve(null);
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', reject);
  });
}

/**
 * Decides who the email is about. Mail from one of the workspace's own people (a BCC on their
 * outgoing mail) is outgoing and files under its first outside recipient; anything else is
 * inbound and files under its sender.
 */
export function fileCapturedEmail(
  parsed: ParsedMessage,
  ownAddresses: Set<string>,
  captureAddress: string,
): Pick<IncomingEmail, 'from' | 'to' | 'direction'> | null {
  if (!parsed.from) return null;
  const isCapture = (a: ParsedAddress) => a.email === captureAddress;
  const recipients = [...parsed.to, ...parsed.cc].filter((a) => !isCapture(a));
  if (ownAddresses.has(parsed.from.email)) {
    const outside = recipients.find((a) => !ownAddresses.has(a.email));
    if (!outside) return null;
    return { from: parsed.from, to: outside, direction: 'outgoing' };
  }
  const to = recipients[0] ?? { email: captureAddress, name: null };
  return { from: parsed.from, to, direction: 'inbound' };
}

/**
 * The capture address receiver: mail sent or BCC'd to <capture_token>@<SMTP_CAPTURE_DOMAIN> enters the
 * owning workspace's email processing path. Unknown recipients are refused at RCPT TO.
 */
export async function startCaptureServer(
  deps: AppDeps,
  options: { port: number; host?: string },
): Promise<CaptureServer> {
  const domain = deps.config.SMTP_CAPTURE_DOMAIN.toLowerCase();
  const workspaceFor = async (address: string): Promise<number | null> => {
    const [local, at] = address.toLowerCase().split('@');
    if (at !== domain || !local || !/^[a-z0-9]+$/.test(local)) return null;
    return deps.database.withPlatform((tx) => store.captureWorkspace(tx, local));
  };
  // A marketing message's bounce address (its envelope sender) belongs to the message's workspace.
  const destinationOf = async (address: string) => {
    const bounce = await bounceAddressWorkspace(deps, address);
    if (bounce) return { workspaceId: bounce.workspaceId, bouncedToken: bounce.token };
    const workspaceId = await workspaceFor(address);
    return workspaceId === null ? null : { workspaceId, bouncedToken: undefined };
  };

  const server = new SMTPServer({
    name: domain,
    banner: 'Business Hub capture',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxCaptureBytes,
    logger: false,
    onRcptTo(address, _session, callback) {
      destinationOf(address.address).then(
        (destination) =>
          callback(
            destination === null ? new SmtpReject(`No capture address ${address.address}`, 550) : null,
          ),
        (error) => callback(error as Error),
      );
    },
    onData(stream, session, callback) {
      readWithin(stream, maxCaptureBytes)
        .then(async (raw) => {
          if (raw === null) throw new SmtpReject('Message too large', 552);
          const parsed = await parseRawMessage(raw);
          const text = raw.toString('utf8');
          for (const rcpt of new Set(session.envelope.rcptTo.map((r) => r.address))) {
            const destination = await destinationOf(rcpt);
            if (destination === null) continue;
            // Bounces and complaints about marketing mail are marketing's; mail to a bounce address
            // that is no report (an auto-reply) is not filed either.
            const { workspaceId, bouncedToken } = destination;
            if ((await recordDeliveryReport(deps, workspaceId, text, bouncedToken)) || bouncedToken) continue;
            await captureInto(deps, workspaceId, rcpt.toLowerCase(), parsed);
          }
        })
        .then(
          () => callback(null),
          (error) => {
            deps.log.warn({ err: error }, 'captured email refused');
            callback(error as Error);
          },
        );
    },
  });
  server.on('error', (error) => deps.log.error({ err: error }, 'capture SMTP server error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? deps.config.HOST, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  // A mailbox host the user types must not lead the sync back to this listener (mail-host-guard.ts).
  const forgetListener = noteOwnListener(server.server.address());
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        forgetListener();
        server.close(() => resolve());
      }),
  };
}

async function captureInto(
  deps: AppDeps,
  workspaceId: number,
  captureAddress: string,
  parsed: ParsedMessage,
) {
  await deps.database.withWorkspace(workspaceId, async (tx) => {
    const own = new Set(await store.listOwnAddresses(tx));
    const filed = fileCapturedEmail(parsed, own, captureAddress);
    if (!filed) return;
    await recordIncomingEmail(deps, tx, workspaceId, {
      ...filed,
      messageId: parsed.messageId,
      origin: 'capture',
      subject: parsed.subject,
      body: parsed.body,
      receivedAt: parsed.date ?? new Date(),
    });
  });
}
