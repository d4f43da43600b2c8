/** Outgoing mail of the product itself (password reset links), not the workspaces' own mailboxes. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (scheduled reports' figures). */
  html?: string;
  /** Fixed by the caller when a resent copy must be recognisable as the same message. */
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailProvider {
  /** A short name for logs: which way mail leaves this server. */
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
}
