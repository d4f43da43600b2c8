import { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';

export const defaultPhoneRegion = 'US';

/**
 * E.164 form of a phone number typed any way ("(555) 123-4567", "+44 20 7946 0958", "555.123.4567"),
 * or null when it cannot be a phone number. "Possible" rather than "valid": made-up exchanges such
 * as 555 numbers are common in real CRMs and must still dedupe by their digits.
 */
export function normalizePhone(raw: string, defaultRegion = defaultPhoneRegion): string | null {
  const trimmed = raw.trim();
  if (!trimmed || !/\d/.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, defaultRegion as 'US');
  if (!parsed?.isPossible()) return null;
  return parsed.number;
}

/** Friendly display of an E.164 number: national format at home, international otherwise. */
export function formatPhone(e164: string, homeRegion = defaultPhoneRegion): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  // By calling code, not country: made-up numbers (555) have no country but are still "ours".
  const isHome = parsed.countryCallingCode === getCountryCallingCode(homeRegion as 'US');
  return isHome ? parsed.formatNational() : parsed.formatInternational();
}
