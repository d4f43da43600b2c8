import type { Tx } from '../../db/database.js';
import { sourceTotals, standardizeSources, upsertContactByIdentity } from '../contacts/index.js';
import { listAppAliases, listAppRows } from '../ecosystem/index.js';
import { appEmailDomain } from './user-integration.js';

/**
 * One company per app and one contact for its team (team@<the app's domain>), both named after the app
 * and with the app as source; an existing one has its blank fields filled.
 */
export async function createEcosystemContacts(tx: Tx, actorUserId: number) {
  let created = 0;
  let updated = 0;
  for (const app of await listAppRows(tx)) {
    const domain = appEmailDomain(app.url);
    const result = await upsertContactByIdentity(
      tx,
      {
        firstName: app.name,
        lastName: 'Team',
        email: domain ? `team@${domain}` : null,
        company: app.name,
        source: app.name,
      },
      { via: 'app', actorUserId },
    );
    if (result.created) created += 1;
    else updated += 1;
  }
  return { created, updated };
}

/** Sources meaning an app (other case, its domain, a name it had before) become the app's name. */
export async function updateSources(tx: Tx) {
  const aliases = (await listAppAliases(tx)).flatMap((app) => {
    const domain = appEmailDomain(app.url);
    return [app.name, ...app.formerNames, ...(domain ? [domain, `www.${domain}`] : [])].map((alias) => ({
      alias,
      source: app.name,
    }));
  });
  return { standardized: await standardizeSources(tx, aliases) };
}

/** Spec 001 §3 "Ecosystem report": contacts that came from the workspace's apps. */
export async function ecosystemReport(tx: Tx) {
  const names = (await listAppRows(tx)).map((a) => a.name);
  const totals = names.length === 0 ? [] : await sourceTotals(tx, names);
  const dollars = (cents: number) => Math.round(cents) / 100;
  return {
    totalContacts: totals.reduce((n, t) => n + t.count, 0),
    contactsBySource: Object.fromEntries(totals.map((t) => [t.source, t.count])),
    totalValue: dollars(totals.reduce((n, t) => n + t.valueCents, 0)),
    topSources: totals
      .slice(0, 5)
      .map((t) => ({ source: t.source, count: t.count, value: dollars(t.valueCents) })),
  };
}
