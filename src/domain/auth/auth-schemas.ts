import { z } from 'zod';
import { addonIds } from '../pricing/addons.js';
import { planIds } from '../pricing/plans.js';

export const passwordMinLength = 8;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address').max(254));

export const signUpSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(80),
    lastName: z.string().trim().min(1, 'Last name is required').max(80),
    email: emailSchema,
    password: z
      .string()
      .min(passwordMinLength, `Password must be at least ${passwordMinLength} characters`)
      .max(200, 'Password is too long'),
    // Not asked when accepting an invite: the invitee joins the inviting workspace.
    businessName: z.string().trim().max(120).optional(),
    plan: z.enum(planIds).default('professional'),
    /** Add-ons picked on a pricing screen: the trial includes them, like the plan. */
    addons: z
      .array(z.enum(addonIds))
      .max(addonIds.length)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    inviteToken: z.string().min(10).max(200).optional(),
  })
  .refine((v) => Boolean(v.inviteToken || v.businessName), {
    path: ['businessName'],
    message: 'Business name is required',
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(200),
  inviteToken: z.string().min(10).max(200).optional(),
});
export type SignInInput = z.input<typeof signInSchema>;

export const profileSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(80),
  lastName: z.string().trim().max(80),
  profileImageUrl: z
    .union([z.url('Enter a full image URL (https://...)').max(2000), z.literal('')])
    .optional(),
});

export { trialDays } from './trial.js';
