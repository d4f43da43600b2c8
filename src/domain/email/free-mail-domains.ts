/**
 * Consumer mailbox domains. An address at one of these says nothing about the person's employer,
 * so no company is derived from it.
 */
export const freeMailDomains: ReadonlySet<string> = new Set([
  'aol.com',
  'att.net',
  'bellsouth.net',
  'comcast.net',
  'cox.net',
  'fastmail.com',
  'gmail.com',
  'gmx.com',
  'gmx.net',
  'googlemail.com',
  'hey.com',
  'hotmail.co.uk',
  'hotmail.com',
  'icloud.com',
  'live.com',
  'mac.com',
  'mail.com',
  'me.com',
  'msn.com',
  'outlook.com',
  'proton.me',
  'protonmail.com',
  'rocketmail.com',
  'sbcglobal.net',
  'tutanota.com',
  'verizon.net',
  'yahoo.co.uk',
  'yahoo.com',
  'yandex.com',
  'ymail.com',
  'zoho.com',
]);

export function isFreeMailDomain(domain: string): boolean {
  return freeMailDomains.has(domain.toLowerCase());
}
