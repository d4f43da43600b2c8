/** Activity types the dashboard gives an icon of their own (spec 000 §3); any other type is shown as generic. */
export const knownActivityTypes = [
  'content_generated',
  'content_created',
  'payment_received',
  'contact_added',
] as const;
export type KnownActivityType = (typeof knownActivityTypes)[number];

export interface Activity {
  id: number;
  type: string;
  description: string;
  createdAt: string;
}

/**
 * Spec 000 §9: minutes under 60 minutes, hours under 1440 minutes, otherwise days. Under a minute reads
 * 'just now': '0 minutes ago' is how no one speaks.
 */
export function formatRelativeTime(createdAt: Date | string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000));
  if (minutes === 0) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  if (minutes < 1440) {
    const hours = Math.floor(minutes / 60);
    return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  }
  const days = Math.floor(minutes / 1440);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}
