/** Outgoing mail of the product itself (password reset links), not the workspaces' own mailboxes. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface MailProvider {
  /** A short name for logs: which way mail leaves this server. */
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
}
