import { z } from 'zod';
import { websiteIdSchema } from '../ids.js';

/** A product one of the workspace's websites sells (payments panel). Prices in integer cents. */
export const productBillings = ['one_time', 'monthly', 'yearly'] as const;
export type ProductBilling = (typeof productBillings)[number];

export const productInputSchema = z.object({
  websiteId: websiteIdSchema,
  name: z.string().trim().min(1, /*i18n*/ 'is required').max(120),
  description: z.string().trim().max(500).default(''),
  priceCents: z.number().int(/*i18n*/ 'must be whole cents').min(0).max(100_000_000),
  billing: z.enum(productBillings),
});
export type ProductInput = z.input<typeof productInputSchema>;

export const productSchema = z.object({
  id: z.number(),
  websiteId: z.number(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number(),
  billing: z.enum(productBillings),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;
