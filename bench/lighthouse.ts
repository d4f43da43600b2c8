/**
 * bench/lighthouse: the public pages as a phone on a slow network loads them (issue 31). Lighthouse 12 with its
 * mobile defaults (simulated slow 4G, 4× CPU slowdown, a Moto G-sized screen) runs against the built server
 * (`npm start`'s build and command) in the Chromium the browser tests use, signed out, in English. Each page
 * is measured `BENCH_LIGHTHOUSE_RUNS` times (3); each figure's median is reported (the score, first and
 * largest contentful paint, total blocking time, layout shift, bytes transferred), with every run beside.
 * Prints JSON.
 * `BENCH_LIGHTHOUSE_PAGES=/,/pricing` measures only those pages.
 */
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/browser.js';
import { freePort, startBuiltServer } from './support/start-server.js';

const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const allPages = [
  '/',
  '/pricing',
  '/pricing-selector',
  '/pricing/local-business',
  '/pricing/cards',
  '/pricing/reoss',
  '/success?session_id=cs_test_bench',
  '/scheduler',
  '/ai-demo',
  '/deployment-demo',
  '/marketing-demo',
  '/ecosystem-demo',
  '/superhub-demo',
  '/webhook-demo',
  '/phase3-demo',
  // Not the Page Not Found: Lighthouse refuses to measure a page answered with 404.
];
const pages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? allPages;

interface Run {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredKiB: number;
}

function summary(result: RunnerResult | undefined): Run {
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
    transferredKiB: Math.round((lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN) / 102.4) / 10,
  };
}

const server = await startBuiltServer();
const debuggingPort = await freePort();
const { executablePath, args } = await chromiumLaunchOptions();
const browser = await chromium.launch({
  executablePath,
  args: [...args, `--remote-debugging-port=${debuggingPort}`],
  headless: true,
});
const results: Record<string, Run & { runs: Run[] }> = {};
try {
  const flags: Flags = { port: debuggingPort, onlyCategories: ['performance'], logLevel: 'error' };
  for (const page of pages) {
    const measured: Run[] = [];
    for (let i = 0; i < runs; i++)
      measured.push(summary(await lighthouse(`${server.baseUrl}${page}`, flags)));
    const median = Object.fromEntries(
      (Object.keys(measured[0] as Run) as (keyof Run)[]).map((key) => {
        const values = measured.map((run) => run[key]).sort((a, b) => a - b);
        return [key, values[Math.floor(values.length / 2)]];
      }),
    ) as unknown as Run;
    results[page] = { ...median, runs: measured };
    console.error(`${page}: ${JSON.stringify(median)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(
  JSON.stringify(
    {
      bench: 'lighthouse',
      runsPerPage: runs,
      targets: { performance: 90, lcpMs: 2500, tbtMs: 200 },
      pages: results,
    },
    null,
    2,
  ),
);
