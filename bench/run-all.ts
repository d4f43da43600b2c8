/** `npm run bench`: runs each benchmark in its own process, one after another; each prints JSON. */
import { execFileSync } from 'node:child_process';

const benches = [
  'bench/startup.ts',
  'bench/lighthouse.ts',
  'bench/http.ts',
  'bench/nearby.ts',
  'bench/import.ts',
  'bench/contacts.ts',
  'bench/deals.ts',
  'bench/content.ts',
  'bench/analytics.ts',
  'bench/ecosystem.ts',
  'bench/webhooks.ts',
  'bench/monitors.ts',
  'bench/deliveries.ts',
  'bench/forms.ts',
  'bench/duplicates.ts',
  'bench/segments.ts',
  'bench/crawl.ts',
  'bench/campaigns.ts',
  'bench/ab-tests.ts',
  'bench/backup.ts',
  'bench/assistant.ts',
  'bench/reports.ts',
  'bench/exports.ts',
  'bench/scheduled-reports.ts',
  'bench/processes.ts',
];

for (const file of benches) {
  console.error(`\n# ${file}`);
  execFileSync('npx', ['tsx', file], { stdio: 'inherit' });
}
