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

const nameSchema = z
  .string()
  .trim()
  .min(1, /*i18n*/ 'Name is required')
  .max(120, /*i18n*/ 'Name is at most 120 characters');
const domainSchema = z
  .string()
  .transform(normalizeDomain)
  .pipe(z.string().regex(hostnamePattern, /*i18n*/ 'Enter a domain such as example.com'));
const descriptionSchema = z.string().trim().max(500, /*i18n*/ 'Description is at most 500 characters');

export const websiteInputSchema = z.object({
  name: nameSchema,
  domain: domainSchema,
  description: descriptionSchema.default(''),
});
export type WebsiteInput = z.input<typeof websiteInputSchema>;

/**
 * A change touches only the fields it names (no defaults, so an omitted description is kept). One that
 * names none is a mistake of the caller, not a silent success.
 */
export const websiteUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    domain: domainSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: /*i18n*/ 'Nothing to update: send a name, domain or description',
  });

/** One of the sites the hub manages (GET /api/websites, and the answer to a create or change). */
export const websiteSchema = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type Website = z.infer<typeof websiteSchema>;
