import type { AbTestSettings } from '@domain/marketing/campaign-schemas';
import { lookAt, mixingFor } from '@domain/marketing/sequential-test';
import type { Tx } from '../../db/database.js';
import * as store from './store.js';

/**
 * One look of the sequential test at `at`: each variant's counted recipients and outcomes, the leader
 * and its always-valid confidence (never below the previous look's), and whether the test stops — at
 * the target confidence, or at the maximum sample (every test message out and its window closed).
 */
export async function judgeAbTest(
  tx: Tx,
  campaignId: number,
  settings: AbTestSettings,
  at: Date,
  previousConfidence: number | null,
) {
  const counts = await store.abOutcomeCounts(tx, campaignId, settings, at);
  const arms = counts.map((c) => ({ sent: c.recipients, hits: c.outcomes }));
  // ρ is fixed by the test share, known before any outcome: the boundary is tightest at the full sample.
  const rho = mixingFor(Math.max(1, ...counts.map((c) => c.assigned)), 1 - settings.targetConfidence);
  const look = lookAt(arms, {
    target: settings.targetConfidence,
    rho,
    previousP: previousConfidence === null ? undefined : 1 - previousConfidence,
  });
  const complete = counts.every((c) => c.recipients + c.failed === c.assigned);
  const stopReason = look.decided ? ('confidence' as const) : complete ? ('max_sample' as const) : null;
  return { arms, rho, look, stopReason };
}
