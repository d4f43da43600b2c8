/** Length of the free trial every new workspace starts with (spec 000 §9). Zod-free so public pages stay light. */
export const trialDays = 14;
