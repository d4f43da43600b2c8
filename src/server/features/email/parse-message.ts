import { createHash } from 'node:crypto';
import type { ParsedAddress } from '@domain/email/addresses';
import type { AddressObject } from 'mailparser';

export interface ParsedMessage {
  messageId: string;
  from: ParsedAddress | null;
  to: ParsedAddress[];
  cc: ParsedAddress[];
  subject: string | null;
  body: string | null;
  date: Date | null;
}

function addresses(field: AddressObject | AddressObject[] | undefined): ParsedAddress[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((group) =>
    group.value
      .filter((a) => a.address)
      .map((a) => ({ email: (a.address as string).toLowerCase(), name: a.name?.trim() || null })),
  );
}

/** Parses a raw RFC 5322 message. Without a Message-ID the content hash stands in, so re-reading it is idempotent. */
export async function parseRawMessage(source: Buffer): Promise<ParsedMessage> {
  // Loaded on the first message: a server that never receives mail does not hold it.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(source, { skipHtmlToText: false, skipImageLinks: true });
  const from = addresses(mail.from)[0] ?? null;
  const text = mail.text?.trim() || null;
  return {
    messageId: mail.messageId?.trim() || `sha256-${createHash('sha256').update(source).digest('hex')}`,
    from,
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    subject: mail.subject?.trim() || null,
    body: text,
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
  };
}
