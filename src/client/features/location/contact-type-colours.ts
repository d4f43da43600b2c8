import type { ContactType } from '@domain/contacts/contact-schemas';

/** One distinct colour per contact type (spec 000 §3): the badge in the list and the dot on the map. */
const contactTypeColours: Record<ContactType, { badge: string; dot: string }> = {
  buyer: { badge: 'bg-blue-100 text-blue-800 border-blue-200', dot: 'fill-blue-500' },
  seller: { badge: 'bg-green-100 text-green-800 border-green-200', dot: 'fill-green-500' },
  investor: { badge: 'bg-purple-100 text-purple-800 border-purple-200', dot: 'fill-purple-500' },
  realtor: { badge: 'bg-orange-100 text-orange-800 border-orange-200', dot: 'fill-orange-500' },
  friend: { badge: 'bg-pink-100 text-pink-800 border-pink-200', dot: 'fill-pink-500' },
  family: { badge: 'bg-yellow-100 text-yellow-800 border-yellow-200', dot: 'fill-yellow-500' },
};

const untyped = { badge: 'bg-muted text-muted-foreground', dot: 'fill-muted-foreground' };

export function contactTypeColour(type: string | null): { badge: string; dot: string } {
  return (type && contactTypeColours[type as ContactType]) || untyped;
}
