import { z } from 'zod';
import { validationMessage } from '../validation-messages.js';
import { type AddonId, addonIds } from './addons.js';
import { planIds } from './plans.js';

// Apart from `custom-package.ts`: the landing page builds package links, and must not load zod with them.

export const packageCheckoutSchema = z.object({
  planId: z.enum(planIds),
  addonIds: z.array(z.enum(addonIds)).max(addonIds.length),
  /** The total the browser showed, in cents; the server recomputes it and refuses a difference. */
  totalCents: z.number().int().nonnegative(),
});
export type PackageCheckoutBody = z.infer<typeof packageCheckoutSchema>;

/**
 * A package picked on a pricing screen travels to sign-up in the URL: `plan=professional&addons=a,b`
 * (through GET /api/login to the sign-in page, which opens on Create account with it selected).
 */
export const packageLinkSchema = z.object({
  plan: z.enum(planIds).optional(),
  addons: z
    .string()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      const ids = [...new Set((value ?? '').split(',').filter(Boolean))];
      const unknown = ids.filter((id) => !(addonIds as readonly string[]).includes(id));
      if (unknown.length) {
        ctx.addIssue({
          code: 'custom',
          message: validationMessage(/*i18n*/ 'Unknown add-on: {addons}', { addons: unknown.join(', ') }),
        });
        return z.NEVER;
      }
      return ids as AddonId[];
    }),
});
