/**
 * Reading the reports mail systems send back about our marketing mail: delivery status notifications
 * (RFC 3464, multipart/report; report-type=delivery-status) and complaint feedback (ARF, RFC 5965,
 * report-type=feedback-report). Pure text work, so it is unit-tested on fixed messages.
 */
export interface DeliveryReport {
  /** bounce: a DSN; complaint: an ARF report (the recipient marked the message as spam). */
  kind: 'bounce' | 'complaint';
  /** bounce: recipients whose delivery failed permanently (Action: failed, Status 5.x.x), with the status. */
  hardBounces: { email: string; status: string }[];
  /** complaint: the recipient named by the report (Original-Rcpt-To, or the original message's To). */
  complainants: string[];
  /** Tokens of our messages the report quotes (their Message-ID is <token@businesshub.marketing>). */
  tokens: string[];
}

export const marketingMessageIdDomain = 'businesshub.marketing';

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(text: string): Part {
  const normal = text.replace(/\r\n/g, '\n');
  const end = normal.indexOf('\n\n');
  const head = end === -1 ? normal : normal.slice(0, end);
  const body = end === -1 ? '' : normal.slice(end + 2);
  return { headers: readFields(head), body };
}

/** Header-style fields (unfolded), names lower-cased; the first of a repeated name is kept. */
function readFields(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

function param(contentType: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decode(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return part.body;
}

/** The address of an RFC 3464 recipient field ("rfc822; someone@example.com"), lower-cased. */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const rest = (value.includes(';') ? value.slice(value.indexOf(';') + 1) : value).trim();
  const address = /<([^<>]+)>/.exec(rest)?.[1] ?? rest;
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address.toLowerCase() : null;
}

const tokenPattern = new RegExp(
  `<([A-Za-z0-9_-]{20,80})@${marketingMessageIdDomain.replace('.', '\\.')}>`,
  'g',
);

/** The report in a raw message, or null when it is no delivery or feedback report. */
export function readDeliveryReport(raw: string): DeliveryReport | null {
  const message = splitHeaders(raw);
  const contentType = message.headers.get('content-type') ?? '';
  if (!/^multipart\/report\b/i.test(contentType)) return null;
  const reportType = (param(contentType, 'report-type') ?? '').toLowerCase();
  const boundary = param(contentType, 'boundary');
  if (!boundary || (reportType !== 'delivery-status' && reportType !== 'feedback-report')) return null;
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .map((chunk) => splitHeaders(chunk.replace(/^\r?\n/, '')));
  const typeOf = (part: Part) =>
    (part.headers.get('content-type') ?? 'text/plain').split(';')[0].trim().toLowerCase();
  const originals = parts.filter(
    (p) => typeOf(p) === 'message/rfc822' || typeOf(p) === 'text/rfc822-headers',
  );
  const tokens = [
    ...new Set(originals.flatMap((p) => [...decode(p).matchAll(tokenPattern)].map((m) => m[1]))),
  ];
  const report: DeliveryReport = {
    kind: reportType === 'delivery-status' ? 'bounce' : 'complaint',
    hardBounces: [],
    complainants: [],
    tokens,
  };
  if (report.kind === 'bounce') {
    const status = parts.find((p) => typeOf(p) === 'message/delivery-status');
    if (!status) return null;
    // The per-message fields come first, then one block per recipient, separated by blank lines.
    const blocks = decode(status)
      .replace(/\r\n/g, '\n')
      .split(/\n\s*\n/)
      .slice(1);
    for (const block of blocks.map(readFields)) {
      const email = addressOf(block.get('final-recipient') ?? block.get('original-recipient'));
      const action = (block.get('action') ?? '').toLowerCase();
      const code = /^\d\.\d{1,3}\.\d{1,3}/.exec(block.get('status') ?? '')?.[0] ?? '';
      if (email && action === 'failed' && code.startsWith('5.'))
        report.hardBounces.push({ email, status: code });
    }
  } else {
    const feedback = parts.find((p) => typeOf(p) === 'message/feedback-report');
    if (!feedback) return null;
    const fields = readFields(decode(feedback).replace(/\r\n/g, '\n'));
    const named = addressOf(fields.get('original-rcpt-to'));
    const original = originals[0] ? addressOf(splitHeaders(decode(originals[0])).headers.get('to')) : null;
    for (const email of [named, original])
      if (email && !report.complainants.includes(email)) report.complainants.push(email);
  }
  return report;
}
