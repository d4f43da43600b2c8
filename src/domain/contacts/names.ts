/** Splits a full name as people type it: "Jane Doe", "Jane van der Berg", "Doe, Jane". */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const clean = fullName.replace(/\s+/g, ' ').trim();
  if (!clean) return { firstName: '', lastName: '' };
  const comma = clean.indexOf(',');
  if (comma > 0) {
    return { firstName: clean.slice(comma + 1).trim(), lastName: clean.slice(0, comma).trim() };
  }
  const space = clean.indexOf(' ');
  if (space < 0) return { firstName: clean, lastName: '' };
  return { firstName: clean.slice(0, space), lastName: clean.slice(space + 1) };
}

const capitalise = (word: string) => (word ? word[0].toUpperCase() + word.slice(1).toLowerCase() : word);

/**
 * A best-effort name from an email's local part ("jane.doe@x.com" -> Jane Doe). Role mailboxes
 * and digits-only locals give nothing: a wrong name is worse than none.
 */
export function nameFromEmail(email: string): { firstName: string; lastName: string } {
  const local = email.split('@')[0]?.split('+')[0] ?? '';
  const parts = local
    .split(/[._-]+/)
    .map((p) => p.replace(/\d+/g, ''))
    .filter((p) => p.length > 1);
  if (parts.length === 0 || roleMailboxes.has(parts[0].toLowerCase())) return { firstName: '', lastName: '' };
  return { firstName: capitalise(parts[0]), lastName: parts.slice(1).map(capitalise).join(' ') };
}

const roleMailboxes = new Set([
  'info',
  'admin',
  'support',
  'sales',
  'hello',
  'contact',
  'noreply',
  'no',
  'office',
  'team',
  'billing',
  'help',
  'mail',
  'webmaster',
]);

/** What a contact is called in lists and messages: its name, else its email, else its phone. */
export function contactDisplayName(contact: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}): string {
  const name = `${contact.firstName ?? ''} ${contact.lastName ?? ''}`.trim();
  return name || contact.email || contact.phone || 'Unnamed contact';
}
