import pg from 'pg';
import { openDatabase } from '../boot.js';
import { loadConfig } from '../config.js';
import { checkCatalogue } from '../db/catalogue-check.js';
import { distributionPlan, planSettings } from '../db/distribution-plan.js';

/**
 * `npm run db:distribute -- --dry-run` prints the statements that distribute the catalogue's tables on Citus
 * (docs/scaling.md); without `--dry-run` it runs them on the Citus coordinator `DATABASE_URL` names.
 */
const dryRun = process.argv.includes('--dry-run');
const config = loadConfig();
if (!dryRun && !config.DATABASE_URL) {
  console.error('DATABASE_URL must name the Citus coordinator (or pass --dry-run to print the plan).');
  process.exit(1);
}
const handles = await openDatabase(config);
const client = new pg.Client({ connectionString: handles.ownerUrl });
await client.connect();
let failed = false;
try {
  const violations = await checkCatalogue(client);
  const steps = await distributionPlan(client);
  if (dryRun) {
    for (const violation of violations) console.log(`-- not ready: ${violation.table}: ${violation.rule}`);
    for (const statement of [...planSettings, ...steps.map((step) => step.sql)]) console.log(statement);
  } else {
    const { rowCount } = await client.query(`select 1 from pg_extension where extname = 'citus'`);
    if (!rowCount) {
      console.error(
        'The citus extension is not installed in this database: run `create extension citus` on the coordinator and add its workers first (docs/scaling.md).',
      );
      failed = true;
    } else if (violations.length > 0) {
      console.error('The schema is not ready to distribute:');
      for (const violation of violations) console.error(`  ${violation.table}: ${violation.rule}`);
      failed = true;
    } else {
      for (const statement of [...planSettings, ...steps.map((step) => step.sql)]) {
        console.log(statement);
        await client.query(statement);
      }
      console.log(`Distributed: ${steps.length} statements.`);
    }
  }
} finally {
  await client.end();
  await handles.stop();
}
if (failed) process.exit(1);
