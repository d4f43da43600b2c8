import { z } from 'zod';

/** The largest value of PostgreSQL's `integer` (int4), the type of the per-workspace website numbers. */
export const int4Max = 2_147_483_647;

// zod's `.int()` accepts only safe integers (up to 2^53 - 1), which is already inside `bigint`'s range:
// only `integer` columns need a lower bound of their own.
const idRules = <T extends z.ZodNumber | z.ZodCoercedNumber>(number: T, max: number): T =>
  number
    .int(/*i18n*/ 'must be a whole number')
    .min(1, /*i18n*/ 'must be 1 or more')
    .max(max, /*i18n*/ 'is too large') as T;

/** An id of a `bigint` identity column (contacts, users, invites, products, ...) sent as a JSON number. */
export const idSchema = idRules(z.number(/*i18n*/ 'must be a number'), Number.MAX_SAFE_INTEGER);
/** The same id from a path parameter or query string. */
export const idParamSchema = idRules(z.coerce.number(/*i18n*/ 'must be a number'), Number.MAX_SAFE_INTEGER);
/** A website's number (an `integer` column) sent as a JSON number. */
export const websiteIdSchema = idRules(z.number(/*i18n*/ 'must be a number'), int4Max);
/** The same website number from a path parameter or query string. */
export const websiteIdParamSchema = idRules(z.coerce.number(/*i18n*/ 'must be a number'), int4Max);

/**
 * `?websiteId=` of a list or figures that have per-site data: the website chosen in the dashboard's sidebar,
 * omitted for all websites. A website the workspace does not have is not found (404).
 */
export const websiteFilterQuerySchema = z.object({ websiteId: websiteIdParamSchema.optional() });
export type WebsiteFilter = z.infer<typeof websiteFilterQuerySchema>;
