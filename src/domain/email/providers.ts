export const emailProviders = ['gmail', 'outlook', 'godaddy'] as const;
export type EmailProviderId = (typeof emailProviders)[number];

export interface MailServerPreset {
  label: string;
  imap: { host: string; port: number; secure: boolean };
  smtp: { host: string; port: number };
}

/** Production presets: IMAP over TLS on 993. A per-account host override points elsewhere (tests use loopback). */
export const mailServerPresets: Record<EmailProviderId, MailServerPreset> = {
  gmail: {
    label: 'Gmail',
    imap: { host: 'imap.gmail.com', port: 993, secure: true },
    smtp: { host: 'smtp.gmail.com', port: 465 },
  },
  outlook: {
    label: 'Outlook',
    imap: { host: 'outlook.office365.com', port: 993, secure: true },
    smtp: { host: 'smtp.office365.com', port: 587 },
  },
  godaddy: {
    label: 'GoDaddy',
    imap: { host: 'imap.secureserver.net', port: 993, secure: true },
    smtp: { host: 'smtpout.secureserver.net', port: 465 },
  },
};
