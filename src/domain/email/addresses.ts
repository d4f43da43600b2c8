import { nameFromEmail, splitFullName } from '../contacts/names.js';
import { isFreeMailDomain } from './free-mail-domains.js';

export interface ParsedAddress {
  email: string;
  /** The display name, when the address had one ("Jane Doe <jane@x.com>"). */
  name: string | null;
}

const simpleEmail = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** Accepts "jane@x.com", "<jane@x.com>", "Jane Doe <jane@x.com>" and '"Doe, Jane" <jane@x.com>'. */
export function parseAddress(input: string): ParsedAddress | null {
  const text = input.trim();
  const angled = /^(.*)<([^<>]+)>\s*$/.exec(text);
  const email = (angled ? angled[2] : text).trim().toLowerCase();
  if (!simpleEmail.test(email)) return null;
  const rawName = angled
    ? angled[1]
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
    : '';
  return { email, name: rawName && rawName.toLowerCase() !== email ? rawName : null };
}

/** The counterpart's name: the display name when there is one, else a careful guess from the address. */
export function nameOfAddress(address: ParsedAddress): { firstName: string; lastName: string } {
  return address.name ? splitFullName(address.name) : nameFromEmail(address.email);
}

/** "jane@acme-realty.com" -> "Acme Realty"; free-mail domains give no company. */
export function companyFromEmail(email: string): string | null {
  const domain = email.split('@')[1]?.toLowerCase();
  if (!domain || isFreeMailDomain(domain)) return null;
  const labels = domain.split('.');
  // The registrable name sits before the public suffix; handle two-part suffixes like co.uk.
  const secondLevel = labels.length >= 3 && labels[labels.length - 2].length <= 3 ? 3 : 2;
  const label = labels[labels.length - secondLevel] ?? labels[0];
  if (!label) return null;
  return label
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
