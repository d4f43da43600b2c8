import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { availability } from '@domain/monitoring/availability';
import type { PublicStatus, StatusPageSettings } from '@domain/monitoring/incident-schemas';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { isPgError } from '../../db/pg-errors.js';
import { claimPublicTokens, movePublicToken } from '../../db/public-tokens.js';
import { type AppDeps, now } from '../../deps.js';
import { spansIn } from './incident-store.js';

export async function statusPageSettings(tx: Tx) {
  const { rows } = await tx.execute<{ enabled: boolean; slug: string }>(
    sql`select enabled, slug from ops_status_pages`,
  );
  return rows[0] ?? { enabled: false, slug: null };
}

/** Turns the page on or off under its slug; a slug another workspace has is a 400 on `slug`. */
export async function saveStatusPage(tx: Tx, input: StatusPageSettings) {
  try {
    const { rows } = await tx.execute<{ before: string | null; after: string }>(sql`
      with before as (select slug from ops_status_pages),
      saved as (
        insert into ops_status_pages (slug, enabled) values (${input.slug}, ${input.enabled})
        on conflict (workspace_id) do update set slug = excluded.slug, enabled = excluded.enabled, updated_at = now()
        returning slug)
      select (select slug from before) as before, (select slug from saved) as after`);
    const [{ before, after }] = rows;
    if (before === null) await claimPublicTokens(tx, 'status_page', [after]);
    else await movePublicToken(tx, 'status_page', before, after);
  } catch (error) {
    if (isPgError(error, 'uniqueViolation', 'ops_status_pages_slug_uq'))
      throw AppError.badRequest('slug', serverMessage('operations.statusSlugTaken'));
    throw error;
  }
  return statusPageSettings(tx);
}

const day = 86_400_000;

/** An enabled page's public content: each app's name, its state now and its last 30 days. */
export async function publicStatus(deps: AppDeps, slug: string): Promise<PublicStatus> {
  const { rows } = await deps.database.db.execute<{ workspaceId: number; name: string }>(
    sql`select workspace_id::int as "workspaceId", name from app_status_page_workspace(${slug})`,
  );
  const page = rows[0];
  if (!page) throw new AppError('not_found', serverMessage('operations.statusPageNotFound'));
  const at = now(deps);
  return deps.database.withWorkspace(page.workspaceId, async (tx) => {
    const period = { start: at.getTime() - 30 * day, end: at.getTime() };
    const spans = await spansIn(tx, new Date(period.start), at);
    const { rows: states } = await tx.execute<{
      appId: number;
      state: PublicStatus['apps'][number]['state'];
    }>(sql`
      select a.id::int as "appId",
        case
          when exists (select 1 from ops_maintenance_windows w where w.app_id = a.id and w.starts_at <= ${at} and w.ends_at > ${at}) then 'maintenance'
          when exists (select 1 from ops_incidents i where i.app_id = a.id and i.closed_at is null) then 'down'
          when exists (select 1 from ops_monitors m where m.app_id = a.id and m.status = 'up') then 'up'
          else 'unknown'
        end as state
      from ecosystem_apps a`);
    const stateOf = new Map(states.map((s) => [s.appId, s.state]));
    return {
      name: page.name,
      apps: spans.map((row) => {
        const figure = availability(
          period,
          row.down.map(([from, to]) => ({ start: Date.parse(from), end: to ? Date.parse(to) : period.end })),
          row.maintenance.map(([from, to]) => ({ start: Date.parse(from), end: Date.parse(to) })),
        ).percent;
        return {
          name: row.appName,
          state: stateOf.get(row.appId) ?? 'unknown',
          availability30d: figure === null ? null : Math.round(figure * 100) / 100,
        };
      }),
    };
  });
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const stateWords: Record<PublicStatus['apps'][number]['state'], string> = {
  up: 'Operational',
  down: 'Down',
  maintenance: 'Under maintenance',
  unknown: 'Not checked yet',
};

/** The page itself: plain, server-rendered HTML (no script), readable by anyone and any tool. */
export function statusPageHtml(status: PublicStatus): string {
  const rows = status.apps
    .map(
      (app) =>
        `<tr><th scope="row">${esc(app.name)}</th><td class="${app.state}">${stateWords[app.state]}</td>` +
        `<td>${app.availability30d === null ? '—' : `${app.availability30d.toFixed(2)}%`}</td></tr>`,
    )
    .join('\n');
  const allUp = status.apps.every((a) => a.state === 'up');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(status.name)} status</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1.5rem;color:#111}
table{width:100%;border-collapse:collapse}th,td{text-align:start;padding:.5rem;border-bottom:1px solid #ddd}
.up{color:#14532d}.down{color:#991b1b;font-weight:600}.maintenance{color:#78350f}.unknown{color:#444}
</style></head>
<body><main><h1>${esc(status.name)} status</h1>
<p>${allUp ? 'All systems operational.' : 'Some systems are not fully operational.'}</p>
<table><thead><tr><th scope="col">App</th><th scope="col">Now</th><th scope="col">Last 30 days</th></tr></thead>
<tbody>
${rows}
</tbody></table></main></body></html>`;
}
