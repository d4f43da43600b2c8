import addressparser from 'nodemailer/lib/addressparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { foldLines, hasLongerLines, isPlainText, quoteString } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

export interface MarketingMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  /** The envelope sender: the message's own bounce address, so delivery reports come back to the app. */
  returnPath: string | null;
}

/** A message ready for SMTP: its envelope and its MIME source. */
export interface ComposedMail {
  envelope: { from: string; to: string[] };
  messageId: string;
  source: string | Buffer;
}

/**
 * The MIME source of a marketing message. nodemailer's composer parses every address again, builds a
 * tree of nodes and streams it through several transforms for each message: about half a millisecond
 * of CPU, spent between one message's acceptance and the next one's, which is a campaign's critical
 * path. The usual message (ASCII addresses, names, subject and headers) is written here directly, in
 * the composer's own format — its encoders, header order and folding (compose-mail.test.ts holds the
 * two equal); any other message goes through the composer.
 */
export async function composeMail(mail: MarketingMail, date = new Date()): Promise<ComposedMail> {
  const fast = composePlainMail(mail, date);
  if (fast) return fast;
  const { returnPath, ...fields } = mail;
  const message = new MailComposer({ ...fields, date }).compile();
  const envelope = message.getEnvelope();
  return {
    envelope: { from: returnPath ?? (envelope.from || ''), to: envelope.to },
    messageId: mail.messageId,
    source: await message.build(),
  };
}

const printable = /^[\x20-\x7e]*$/;
const dotAtom = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// Punycode labels (xn--) are left to the composer, which checks and may rewrite them.
const asciiHost =
  /^(?!xn--)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.(?!xn--)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/i;

/** An address the composer would write unchanged but for its lower-cased domain; null for any other. */
function plainAddress(address: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const domain = address.slice(at + 1);
  if (!dotAtom.test(address.slice(0, at)) || !asciiHost.test(domain)) return null;
  return `${address.slice(0, at)}@${domain.toLowerCase()}`;
}

// A workspace's senders are few; the cap only keeps a long-running process from collecting them all.
const senders = new Map<string, { header: string; address: string } | null>();

function plainSender(from: string) {
  let sender = senders.get(from);
  if (sender === undefined) {
    const parsed = addressparser(from);
    const only = parsed.length === 1 && parsed[0].group === undefined ? parsed[0] : null;
    const address = only ? plainAddress(only.address) : null;
    const name = only?.name ?? '';
    sender =
      address && printable.test(name)
        ? {
            header: name ? `${/^[\w ]*$/.test(name) ? name : quoteString(name)} <${address}>` : address,
            address,
          }
        : null;
    if (senders.size >= 1000) senders.clear();
    senders.set(from, sender);
  }
  return sender;
}

/** The composer's choice for a text part, or null when it would pick base64 (left to the composer). */
function textPart(content: string): { encoding: string; body: string } | null {
  if (isPlainText(content) && !hasLongerLines(content, 76)) return { encoding: '7bit', body: content };
  let latin = 0;
  let other = 0;
  for (let i = 0; i < content.length; i += 1) {
    const code = content.charCodeAt(i);
    if (code >= 0x80 || code < 0x09 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f))
      other += 1;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin += 1;
  }
  return other < latin ? { encoding: 'quoted-printable', body: qpWrap(qpEncode(content), 76) } : null;
}

// An encoded-word look-alike ('=?') is re-encoded by the composer; a blank value is left out by it.
const plainHeaderValue = (value: string) =>
  printable.test(value) && !value.includes('=?') && value.trim() !== '';

function composePlainMail(mail: MarketingMail, date: Date): ComposedMail | null {
  const sender = plainSender(mail.from);
  const to = plainAddress(mail.to);
  const bounce = mail.returnPath === null ? sender?.address : plainAddress(mail.returnPath);
  if (!sender || !to || !bounce || !plainHeaderValue(mail.subject) || !plainHeaderValue(mail.messageId))
    return null;
  const extra = Object.entries(mail.headers);
  if (!extra.every(([key, value]) => /^[A-Za-z0-9-]+$/.test(key) && plainHeaderValue(value))) return null;
  const text = textPart(mail.text);
  const html = textPart(mail.html);
  if (!text || !html) return null;
  // Unique per message (the Message-ID's token is) and never inside a part: only the composer's own
  // boundaries start a line with '----_NmP-'.
  const boundary = `--_NmP-${mail.messageId.replace(/[^A-Za-z0-9_-]/g, '')}-Part_1`;
  const headers = [
    ...extra.map(([key, value]) => `${key}: ${value}`),
    `From: ${sender.header}`,
    `To: ${to}`,
    `Subject: ${mail.subject}`,
    `Message-ID: ${mail.messageId}`,
    `Date: ${date.toUTCString().replace(/GMT/, '+0000')}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ].map((line) => foldLines(line, 76));
  const part = (type: string, content: { encoding: string; body: string }) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: ${content.encoding}\r\n\r\n${content.body}\r\n`;
  return {
    envelope: { from: bounce, to: [to] },
    messageId: mail.messageId,
    source: `${headers.join('\r\n')}\r\n\r\n${part('text/plain', text)}${part('text/html', html)}--${boundary}--\r\n`,
  };
}
