/**
 * bench/ab-tests: the sequential A/B decision (mixture SPRT, src/domain/marketing/sequential-test.ts)
 * over BENCH_AB_RUNS simulated tests per scenario (default 1,000), looking after every BENCH_AB_LOOK
 * recipients per variant (default 50) — far more looks than a campaign takes. Targets: A/A tests declare
 * a winner in at most 5% of runs; a planted 20% relative lift is found in at least 80% of runs at the
 * stated sample size (`plannedSampleSize`). That nobody gets both variants or the winner twice is a test
 * on a real send (marketing-ab-outcomes.api.test.ts). Seeded: the same seed gives the same figures. Prints JSON.
 */
import { performance } from 'node:perf_hooks';
import { plannedSampleSize } from '../src/domain/marketing/sequential-test.js';
import { simulate } from '../test/support/ab-simulation.js';

const runs = Number(process.env.BENCH_AB_RUNS ?? 1000);
const lookEvery = Number(process.env.BENCH_AB_LOOK ?? 50);
const target = 0.95;

const scenarios = [0.05, 0.2].flatMap((baseRate, i) => {
  const perArm = plannedSampleSize(baseRate, 0.2, target);
  const common = { runs, perArm, lookEvery, target };
  const started = performance.now();
  const aa = simulate({ ...common, seed: 100 + i, rates: [baseRate, baseRate] });
  const lift = simulate({ ...common, seed: 200 + i, rates: [baseRate, baseRate * 1.2] });
  return [
    {
      baseRate,
      statedSamplePerVariant: perArm,
      aaFalseWinnerRate: aa.declared / runs,
      liftFoundRate: lift.declaredB / runs,
      liftWrongWinner: lift.declared - lift.declaredB,
      liftMeanStopPerVariant: Math.round(lift.meanStopPerArm),
      looks: aa.looks + lift.looks,
      ms: Math.round(performance.now() - started),
    },
  ];
});

const pass = scenarios.every((s) => s.aaFalseWinnerRate <= 0.05 && s.liftFoundRate >= 0.8);
console.log(JSON.stringify({ bench: 'ab-tests', runs, lookEvery, target, scenarios, pass }, null, 2));
if (!pass) process.exitCode = 1;
