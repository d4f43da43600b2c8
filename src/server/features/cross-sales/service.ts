import { AppError } from '@domain/app-error';
import { urgencyOf, valueEstimate } from '@domain/cross-sales/opportunity-score';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { countContactsByStatus } from '../contacts/index.js';
import * as store from './store.js';

const dollars = (cents: number) => Math.round(cents / 100);
const range = (m: { valueMinCents: number; valueMaxCents: number }) =>
  [dollars(m.valueMinCents), dollars(m.valueMaxCents)] as const;

/** Spec 001 §3 "Cross-sales opportunity": the best `limit`, from real contacts. */
export async function opportunities(tx: Tx, limit = 10) {
  return (await store.topOpportunities(tx, limit)).map((o) => {
    const name = `${o.firstName} ${o.lastName}`.trim() || o.email || 'This contact';
    const service = o.services[0] ?? o.targetApp;
    return {
      contact: { id: o.contactId, name, email: o.email },
      currentApp: o.sourceApp,
      targetApp: o.targetApp,
      targetService: service,
      urgency: urgencyOf(o.score),
      score: o.score,
      valueEstimate: valueEstimate(range(o), o.score),
      reasoning: `${name} came from ${o.sourceApp} and is not a ${o.targetApp} user yet. ${o.reasoning}`,
      callToAction: `Offer ${service} from ${o.targetApp} to ${name}`,
    };
  });
}

/** The matrix's entries (one source app's, or all): the ecosystem page offers them as cross-sells. */
export function listMatrixEntries(tx: Tx, sourceAppId?: number): Promise<store.MatrixRow[]> {
  return store.listMatrix(tx, sourceAppId);
}

/** Spec 001 §3 "Matrix": per source app, the apps its users fit. */
export async function matrix(tx: Tx) {
  const crossSalesMatrix: Record<
    string,
    { id: number; app: string; services: string[]; valueRange: [number, number]; reasoning: string }[]
  > = {};
  for (const m of await store.listMatrix(tx)) {
    crossSalesMatrix[m.sourceApp] ??= [];
    crossSalesMatrix[m.sourceApp].push({
      id: m.id,
      app: m.targetApp,
      services: m.services,
      valueRange: [...range(m)] as [number, number],
      reasoning: m.reasoning,
    });
  }
  return { crossSalesMatrix };
}

export async function saveMatrixTarget(
  tx: Tx,
  input: {
    sourceApp: string;
    targetApp: string;
    services: string[];
    valueRange: [number, number];
    reasoning: string;
  },
) {
  const sourceAppId = await store.findAppIdByName(tx, input.sourceApp);
  if (sourceAppId === null) throw AppError.badRequest('sourceApp', serverMessage('ecosystem.appNotFound'));
  const targetAppId = await store.findAppIdByName(tx, input.targetApp);
  if (targetAppId === null || targetAppId === sourceAppId)
    throw AppError.badRequest('targetApp', serverMessage('ecosystem.appNotFound'));
  await store.upsertMatrixRow(tx, {
    sourceAppId,
    targetAppId,
    services: input.services,
    minCents: input.valueRange[0] * 100,
    maxCents: input.valueRange[1] * 100,
    reasoning: input.reasoning,
  });
  return matrix(tx);
}

export async function removeMatrixTarget(tx: Tx, id: number): Promise<void> {
  if (!(await store.deleteMatrixRow(tx, id)))
    throw new AppError('not_found', serverMessage('ecosystem.matrixEntryNotFound'));
}

const implementationGuide = [
  'Place each link where the source app’s users finish something (after sign-up, a report, a purchase).',
  'Describe what the target app does for that user in one sentence, next to the link.',
  'Tag every link with the source app so collected contacts keep their origin.',
  'Aim for a click-through rate of 5–8%; move or reword links that stay below 5% after a month.',
  'Review the Opportunities tab weekly and follow up the highest scores personally.',
];

/** Spec 001 §3 "Backlinks": one content piece per matrix entry, its traffic and conversion from real contacts. */
export async function backlinks(tx: Tx) {
  const contentPieces = (await store.listMatrix(tx)).map((m) => {
    const conversionPotential = m.audience === 0 ? 0 : Math.round((m.warm / m.audience) * 1000) / 1000;
    const [min, max] = range(m);
    return {
      sourceApp: m.sourceApp,
      targetApp: m.targetApp,
      placement: `${m.sourceApp}: after sign-up and in the account menu`,
      description: `${m.services.join(', ')} from ${m.targetApp} for ${m.sourceApp} users. ${m.reasoning}`,
      metrics: {
        expectedTraffic: m.audience,
        conversionPotential,
        estimatedRevenue: Math.round(m.audience * conversionPotential * ((min + max) / 2)),
      },
    };
  });
  return { implementationGuide, contentPieces };
}

/** Spec 001 §3 "Cross-sales metrics", from the scored opportunities and the contacts' statuses. */
export async function metrics(tx: Tx) {
  const totals = await store.opportunityTotals(tx);
  const counts = await countContactsByStatus(tx);
  const pct = (n: number) => (counts.total === 0 ? 0 : Math.round((n / counts.total) * 1000) / 10);
  const qualified = counts.qualified + counts.customer;
  return {
    totalOpportunities: totals.total,
    estimatedRevenue: dollars(totals.estimateCents),
    highValueOpportunities: totals.highValue,
    conversionFunnel: [
      { stage: 'Contacts', count: counts.total, percentage: counts.total === 0 ? 0 : 100 },
      { stage: 'Qualified', count: qualified, percentage: pct(qualified) },
      { stage: 'Customers', count: counts.customer, percentage: pct(counts.customer) },
    ],
    topTargetApps: (totals.targets ?? []).map((t) => ({
      app: t.app,
      count: t.count,
      revenue: dollars(t.revenueCents),
    })),
  };
}

const nextStatus = { 'Not Started': 'In Progress', 'In Progress': 'Completed' } as const;

function toPlanItem({ revenueCents, ...row }: store.PlanRow) {
  return { ...row, revenue: dollars(revenueCents) };
}

/** The priority plan and its progress: completed items count whole, items in progress half. */
export async function plan(tx: Tx) {
  const items = await store.listPlan(tx);
  const done = items.reduce(
    (n, i) => n + (i.status === 'Completed' ? 1 : i.status === 'In Progress' ? 0.5 : 0),
    0,
  );
  return {
    items: items.map(toPlanItem),
    progress: items.length === 0 ? 0 : Math.round((done / items.length) * 100),
  };
}

/** Not Started → In Progress → Completed; a completed item stays completed (409). */
export async function advancePlanItem(tx: Tx, id: number) {
  const item = await store.findPlanItem(tx, id);
  if (!item) throw new AppError('not_found', serverMessage('ecosystem.planItemNotFound'));
  if (item.status === 'Completed')
    throw new AppError('conflict', serverMessage('ecosystem.planItemCompleted'));
  const moved = await store.advancePlanItem(tx, id, item.status, nextStatus[item.status]);
  if (!moved) throw new AppError('conflict', serverMessage('ecosystem.planItemCompleted'));
  return plan(tx);
}
