import { z } from 'zod';
import { idSchema } from '../ids.js';
import { locales } from '../locales.js';
import { addonIds } from '../pricing/addons.js';
import { planIds } from '../pricing/plans.js';
import { validationMessage } from '../validation-messages.js';
import { emailSchema } from './email-schema.js';
import { passwordSchema } from './password-rules.js';
import { profileImageOwner } from './profile-image.js';

export { isCommonPassword, passwordMaxLength, passwordMinLength, passwordSchema } from './password-rules.js';

const localeSchema = z.enum(locales, {
  error: validationMessage(/*i18n*/ 'Choose one of: {locales}', { locales: locales.join(', ') }),
});

export { emailSchema } from './email-schema.js';

/**
 * PostgreSQL cannot store U+0000 in text. Refused here, naming the field, rather than by the database:
 * sign-up answers an email that has an account without writing anything, so a value only the database
 * would refuse would tell the two apart.
 */
const storable = (text: z.ZodString) =>
  text.refine(
    (value) => !value.includes('\u0000'),
    /*i18n*/ 'This text holds a character that cannot be stored',
  );

/** POST /api/auth/signup/confirm: the token of the emailed sign-up link. */
export const signUpConfirmSchema = z.object({ token: z.string().min(10).max(200) });

export const signUpSchema = z
  .object({
    firstName: storable(z.string().trim().min(1, /*i18n*/ 'First name is required').max(80)),
    lastName: storable(z.string().trim().min(1, /*i18n*/ 'Last name is required').max(80)),
    email: emailSchema,
    password: passwordSchema,
    // Not asked when accepting an invite: the invitee joins the inviting workspace.
    businessName: storable(z.string().trim().max(120)).optional(),
    plan: z.enum(planIds).default('professional'),
    /** Add-ons picked on a pricing screen: the trial includes them, like the plan. */
    addons: z
      .array(z.enum(addonIds))
      .max(addonIds.length)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    inviteToken: z.string().min(10).max(200).optional(),
    // The language a signed-out visitor chose, so it survives signing up.
    locale: localeSchema.optional(),
    /** Where the emailed link leads once the account exists: a path of this site. */
    next: z
      .string()
      .max(2000)
      .regex(/^\/(?![/\\])/)
      .optional(),
  })
  .refine((v) => Boolean(v.inviteToken || v.businessName), {
    path: ['businessName'],
    message: /*i18n*/ 'Business name is required',
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, /*i18n*/ 'Password is required').max(200),
  inviteToken: z.string().min(10).max(200).optional(),
});
export type SignInInput = z.input<typeof signInSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, /*i18n*/ 'Current password is required').max(200),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z.object({
  token: z
    .string()
    .min(20, /*i18n*/ 'This reset link is not valid')
    .max(200, /*i18n*/ 'This reset link is not valid'),
  password: passwordSchema,
});
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** Every field optional: the profile form sends its fields, the language switcher only `locale`. */
export const profileSchema = z.object({
  firstName: z.string().trim().min(1, /*i18n*/ 'First name is required').max(80).optional(),
  lastName: z.string().trim().max(80).optional(),
  // Only an image uploaded here (POST /api/auth/user/profile-image), or '' for none: never an address
  // elsewhere, which every member's browser would fetch (and a javascript: or data: URL never reaches <img>).
  profileImageUrl: z
    .string()
    .max(200)
    .refine(
      (url) => url === '' || profileImageOwner(url) !== null,
      /*i18n*/ 'Upload an image: only images uploaded here can be shown',
    )
    .optional(),
  // null clears the choice: the workspace default or the browser's language applies again.
  locale: localeSchema.nullable().optional(),
});
export type ProfileInput = z.output<typeof profileSchema>;

export const workspaceSettingsSchema = z.object({
  // The language of members who chose none; null = each member's browser language.
  defaultLocale: localeSchema.nullable(),
});

// The session's answers live apart: every page reads them, and they must not bring the password list along.
export {
  type CurrentUser,
  currentUserSchema,
  type SessionAnswer,
  sessionAnswerSchema,
} from './session-schemas.js';
export { trialDays } from './trial.js';

export const okSchema = z.object({ ok: z.literal(true) });

/** POST /api/auth/password-reset answers the same whether or not the email has an account. */
export const passwordResetRequestedSchema = okSchema.extend({ message: z.string() });

/** GET /api/auth/providers: the sign-in methods this server offers. */
export const authProvidersSchema = z.object({ password: z.literal(true), oidc: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

export const switchWorkspaceSchema = z.object({ workspaceId: idSchema });
