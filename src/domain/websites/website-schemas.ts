import { z } from 'zod';

/** A hostname such as "example.com" or "shop.example.co.uk": labels of letters, digits and hyphens, and a TLD. */
const hostnamePattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * People paste URLs; keep the host only ("https://Example.com/about" -> "example.com") before checking it.
 */
export function normalizeDomain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
}

export const websiteInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name is at most 120 characters'),
  domain: z
    .string()
    .transform(normalizeDomain)
    .pipe(z.string().regex(hostnamePattern, 'Enter a domain such as example.com')),
  description: z.string().trim().max(500, 'Description is at most 500 characters').default(''),
});
export type WebsiteInput = z.input<typeof websiteInputSchema>;

export const websiteUpdateSchema = websiteInputSchema.partial();

export interface Website {
  id: number;
  name: string;
  domain: string;
  description: string;
  createdAt: string;
}
