import { z } from 'zod';
import { validationMessage } from '../validation-messages.js';
import commonPasswordList from './common-passwords.json';

import { passwordMaxLength, passwordMinLength } from './password-length.js';

export { passwordMaxLength, passwordMinLength };

/**
 * NIST SP 800-63B §5.1.1.2: at least 8 characters, long ones allowed, no composition rules, and refuse
 * values known to be common. The list is the 10,000 most common passwords of at least 8 characters
 * (shorter ones fail the length rule anyway), lower-cased, from zxcvbn-ts' common dictionary (MIT,
 * see common-passwords.LICENSE.txt); the comparison ignores case.
 */
const commonPasswords = new Set<string>(commonPasswordList);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export const passwordSchema = z
  .string()
  .min(
    passwordMinLength,
    validationMessage(/*i18n*/ 'Password must be at least {min} characters', { min: passwordMinLength }),
  )
  .max(passwordMaxLength, /*i18n*/ 'Password is too long')
  .refine((p) => p.trim() !== '', /*i18n*/ 'Password cannot be only spaces')
  // One character repeated (aaaaaaaa, 11111111) is NIST's own example of a password to refuse.
  .refine((p) => !/^(\S)\1*$/su.test(p), /*i18n*/ 'Password cannot be one character repeated')
  .refine(
    (p) => !isCommonPassword(p),
    /*i18n*/ 'This password is too common. Choose one that is harder to guess',
  );
