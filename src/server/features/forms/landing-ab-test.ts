import { AppError } from '@domain/app-error';
import {
  type LandingAbTest,
  type LandingAbTestInput,
  type LandingVariant,
  landingAbTestInputSchema,
} from '@domain/forms/landing-ab-test';
import { rateOf } from '@domain/marketing/ab-test';
import { liftInterval, lookAt, mixingFor } from '@domain/marketing/sequential-test';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import * as store from './store.js';

/*
 * The hosted page's A/B test (issue 33 §5): its settings, its looks and its figures. The decision is the
 * campaigns' sequential test (mixture SPRT) on views → submissions; the split is public-forms.ts's.
 */

/** The variant everyone sees once the test stopped, else null (visitors are split). */
export const servedToAll = (test: store.AbTestRow): LandingVariant | null =>
  test.winner === null ? null : (test.variants[test.winner] ?? null);

/** One look at the test's counts: arms, the mixing parameter, the look, and why it stops (null: it goes on). */
async function look(tx: Tx, test: store.AbTestRow) {
  const counts = await store.abCounts(tx, test.id, test.variants.length);
  const arms = counts.map((c) => ({ sent: c.views, hits: Math.min(c.submissions, c.views) }));
  const alpha = 1 - test.targetConfidence;
  // ρ is fixed before any data, by the maximum sample: the boundary is tightest there.
  const rho = mixingFor(test.maxViewsPerVariant, alpha);
  const result = lookAt(arms, { target: test.targetConfidence, rho, previousP: test.bestP ?? undefined });
  const maxed = arms.every((a) => a.sent >= test.maxViewsPerVariant);
  const stopReason = result.decided ? ('confidence' as const) : maxed ? ('max_sample' as const) : null;
  return { counts, arms, rho, alpha, result, stopReason };
}

/** Looks at a running test and records it (its running confidence, and the winner once it stops). */
export async function judgeLandingTest(tx: Tx, formId: number, at: Date): Promise<void> {
  const test = await store.findAbTest(tx, formId);
  if (!test || test.winner !== null) return;
  const { result, stopReason } = await look(tx, test);
  await store.recordAbLook(
    tx,
    test.id,
    result.p,
    stopReason ? { winner: result.leader, reason: stopReason, at } : null,
  );
}

/** The test as the form's screen shows it: each variant's views, submissions, rate and lift over A. */
export async function landingAbTestOf(tx: Tx, formId: number): Promise<LandingAbTest | null> {
  const test = await store.findAbTest(tx, formId);
  if (!test) return null;
  const { counts, arms, rho, alpha, result } = await look(tx, test);
  return {
    targetConfidence: test.targetConfidence,
    maxViewsPerVariant: test.maxViewsPerVariant,
    startedAt: test.startedAt.toISOString(),
    state:
      test.stopReason === 'confidence'
        ? 'winner_declared'
        : test.stopReason === 'max_sample'
          ? 'max_sample'
          : 'collecting',
    winner: test.winner,
    leader: test.winner ?? result.leader,
    confidence: arms.some((a) => a.sent > 0) ? result.confidence : null,
    variants: test.variants.map((variant, i) => ({
      ...variant,
      views: counts[i].views,
      submissions: counts[i].submissions,
      rate: rateOf(arms[i]),
      lift: i === 0 ? null : liftInterval(arms[0], arms[i], rho, alpha),
    })),
  };
}

/** Sets (or replaces, starting afresh) the hosted page's A/B test. */
export async function setLandingAbTest(
  tx: Tx,
  formId: number,
  input: LandingAbTestInput,
  at: Date,
): Promise<void> {
  const settings = landingAbTestInputSchema.parse(input);
  if (!(await store.findFormRow(tx, formId)))
    throw new AppError('not_found', serverMessage('forms.notFound'));
  await store.replaceAbTest(tx, formId, settings, at);
}

export async function removeLandingAbTest(tx: Tx, formId: number): Promise<void> {
  if (!(await store.findFormRow(tx, formId)))
    throw new AppError('not_found', serverMessage('forms.notFound'));
  await store.deleteAbTest(tx, formId);
}
