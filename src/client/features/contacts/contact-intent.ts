/**
 * `?open=contact-12` on the CRM tab or /contacts: the contacts screen opens that contact's details (the
 * command palette's way to a contact). Used once: the screen drops it from the URL.
 */
export const contactIntent = (id: number) => `contact-${id}`;

export function parseContactIntent(open: string | null): number | null {
  const id = Number(/^contact-(\d+)$/.exec(open ?? '')?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
