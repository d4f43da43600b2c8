import type { ContactStatus } from '../contacts/contact-schemas.js';

/**
 * How a cross-sales opportunity is scored, 0–100 (issue 11): the contact's status, value, how recently
 * they were contacted and how engaged they are (timeline entries). The server computes the same score
 * in SQL from these weights (features/cross-sales/store.ts), so a million contacts are
 * scored without loading them.
 */
export const scoreWeights = {
  status: { customer: 40, qualified: 30, lead: 20, lost: 0 } satisfies Record<ContactStatus, number>,
  /** Value points grow linearly up to this value, then stay at the maximum. */
  valueFullCents: 100_000,
  valueMax: 25,
  /** Points for a contact made within this many days (first match wins); never contacted scores 0. */
  recency: [
    { days: 7, points: 20 },
    { days: 30, points: 15 },
    { days: 90, points: 8 },
  ],
  engagementPerEntry: 3,
  engagementMaxEntries: 5,
} as const;

export interface ScoreInput {
  status: ContactStatus;
  valueCents: number;
  /** Whole days since the last contact, or null if never contacted. */
  daysSinceContact: number | null;
  /** Timeline entries of the contact (only the first `engagementMaxEntries` count). */
  engagement: number;
}

export function opportunityScore(input: ScoreInput): number {
  const w = scoreWeights;
  const value = Math.floor(
    (Math.min(Math.max(input.valueCents, 0), w.valueFullCents) * w.valueMax) / w.valueFullCents,
  );
  const recency =
    input.daysSinceContact === null
      ? 0
      : (w.recency.find((r) => (input.daysSinceContact as number) <= r.days)?.points ?? 0);
  const engagement = Math.min(input.engagement, w.engagementMaxEntries) * w.engagementPerEntry;
  return w.status[input.status] + value + recency + engagement;
}

export const urgencies = ['high', 'medium', 'low'] as const;
export type Urgency = (typeof urgencies)[number];

/** Spec 001 §9 score colours: 80 or more green, 65 or more yellow; urgency follows the same bands. */
export function urgencyOf(score: number): Urgency {
  if (score >= 80) return 'high';
  if (score >= 65) return 'medium';
  return 'low';
}

/** The estimate inside the matrix's value range, further up the range for a better score (whole dollars). */
export function valueEstimate(range: readonly [number, number], score: number): number {
  return Math.round(range[0] + ((range[1] - range[0]) * score) / 100);
}
