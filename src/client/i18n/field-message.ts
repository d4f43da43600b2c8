import { parseValidationMessage } from '@domain/validation-messages';
import { i18n } from './i18n';

/**
 * A catalogued English text in the active locale, or null when the catalogs do not hold it. Messages written
 * outside the macros (`/*i18n*\/ 'Text'` in src/domain) have the English text as their id, the way
 * `ApiError` translates the server's messages.
 */
export function catalogued(text: string, values?: Record<string, string | number>): string | null {
  return i18n.messages[text] === undefined ? null : i18n._(text, values);
}

/**
 * A validation message in the user's language (issue 10): a schema's own message from a form
 * (`Name is required`), one built with values (`Title must be at most 200 characters`, its `label` translated
 * too), or a field issue of a server 400 carrying the same English text. Anything else — zod's own messages,
 * which `activateLocale` already has zod write in the language, or a newer server's text — is shown as it is.
 */
export function fieldMessage(text: string): string {
  const own = catalogued(text);
  if (own !== null) return own;
  const built = parseValidationMessage(text);
  if (!built) return text;
  const { label } = built.values;
  const values =
    typeof label === 'string' ? { ...built.values, label: catalogued(label) ?? label } : built.values;
  return catalogued(built.template, values) ?? text;
}
