import { z } from 'zod';

/** An email address as stored: trimmed and lower-cased. Apart from auth-schemas.ts, which carries the password list. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(/*i18n*/ 'Enter a valid email address').max(254));
