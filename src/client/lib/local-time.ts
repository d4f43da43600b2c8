/**
 * `<input type="datetime-local">` speaks the reader's local wall-clock time without a zone; the API speaks
 * instants (ISO 8601, UTC). These two convert between them, so a stored time shows as the hour it was
 * picked at, in any time zone.
 */

/** The input's value (local time, to the minute) for an instant. */
export function localInputValue(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant an input's value names; text that is no date is kept as typed, for the schema to refuse. */
export function instantOf(local: string): string {
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}
