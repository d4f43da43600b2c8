import { z } from 'zod';

/**
 * An A/B test of a form's hosted page (its landing page, issue 33 §5): 2–5 variants of the headline,
 * the intro and the submit button's label. Each visitor sees one variant for the day (by the tracker's
 * daily salted hash, no cookie); each variant is judged on the outcome — the form submitted — by the
 * campaigns' sequential test (src/domain/marketing/sequential-test.ts), which stops at the target
 * confidence or at the maximum sample and then serves its winner to everyone.
 */
export const landingVariantSchema = z.object({
  headline: z
    .string(/*i18n*/ 'Headline is required')
    .trim()
    .min(1, /*i18n*/ 'Headline is required')
    .max(200, /*i18n*/ 'Headline is too long'),
  intro: z.string().trim().max(1000, /*i18n*/ 'Intro is too long').default(''),
  submitLabel: z
    .string(/*i18n*/ 'Button label is required')
    .trim()
    .min(1, /*i18n*/ 'Button label is required')
    .max(60, /*i18n*/ 'Button label is too long'),
});
export type LandingVariant = z.output<typeof landingVariantSchema>;

export const landingAbTestInputSchema = z.object({
  variants: z
    .array(landingVariantSchema, /*i18n*/ 'Variants are required')
    .min(2, /*i18n*/ 'An A/B test needs at least two variants')
    .max(5, /*i18n*/ 'At most five variants'),
  /** The confidence at which the test stops and serves its winner, 0.8 to 0.99. */
  targetConfidence: z
    .number(/*i18n*/ 'Target confidence must be a number')
    .min(0.8, /*i18n*/ 'At least 80%')
    .max(0.99, /*i18n*/ 'At most 99%')
    .default(0.95),
  /** The maximum sample: once every variant has this many views, the leader wins. */
  maxViewsPerVariant: z
    .number(/*i18n*/ 'Maximum sample must be a number')
    .int(/*i18n*/ 'Whole views')
    .min(20, /*i18n*/ 'At least 20 views')
    .max(1_000_000, /*i18n*/ 'At most 1,000,000 views')
    .default(5000),
});
export type LandingAbTestInput = z.input<typeof landingAbTestInputSchema>;
export type LandingAbTestSettings = z.output<typeof landingAbTestInputSchema>;

const intervalSchema = z.object({ estimate: z.number(), low: z.number(), high: z.number() });

export const landingAbTestSchema = z.object({
  targetConfidence: z.number(),
  maxViewsPerVariant: z.number(),
  startedAt: z.string(),
  /** collecting; winner_declared: the target confidence was reached; max_sample: stopped at the maximum sample. */
  state: z.enum(['collecting', 'winner_declared', 'max_sample']),
  /** The variant every visitor sees once the test has stopped. */
  winner: z.number().nullable(),
  /** The variant with the best submission rate now. */
  leader: z.number(),
  /** 0 to 1, the always-valid confidence that the leader differs from every other variant; null before any view. */
  confidence: z.number().nullable(),
  variants: z.array(
    landingVariantSchema.extend({
      views: z.number(),
      submissions: z.number(),
      /** Submissions ÷ views; null before the first view. */
      rate: z.number().nullable(),
      /** Relative lift over the first variant with its interval at the target confidence; null for the first. */
      lift: intervalSchema.nullable(),
    }),
  ),
});
export type LandingAbTest = z.infer<typeof landingAbTestSchema>;
