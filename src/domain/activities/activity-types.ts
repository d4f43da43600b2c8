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
