import { z } from 'zod';

export const serverTypeSchema = z.enum(['nginx', 'apache', 'netlify', 'vercel', 'cloudflare', 'express']);

const startUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter an http or https address' })
  .max(2048, 'The address is at most 2048 characters');

const keywordSchema = z.object({
  path: z
    .string()
    .trim()
    .max(512, 'The path is at most 512 characters')
    .regex(/^\/\S*$/, 'A path starts with /'),
  keyword: z.string().trim().min(1, 'Enter a keyword').max(100, 'A keyword is at most 100 characters'),
});

/** What the owner sets per website (issue 13 §1, §3): the crawl's start, budget and depth, the server, keywords. */
export const siteHealthSettingsSchema = z
  .object({
    startUrl: startUrlSchema.nullable().optional(),
    serverType: serverTypeSchema.optional(),
    pageBudget: z.number().int().min(1).max(20_000).optional(),
    maxDepth: z.number().int().min(0).max(50).optional(),
    keywords: z.array(keywordSchema).max(100, 'At most 100 keywords').optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Nothing to update',
  });

export const applyLinkFixesSchema = z.object({
  domain: z.string().trim().min(1, 'Enter a domain').max(253, 'A domain is at most 253 characters'),
});
