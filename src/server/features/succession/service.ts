import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import type { SuccessionPlanInput, SuccessionState } from '@domain/succession/succession-schemas';
import type { Tx } from '../../db/database.js';
import { type AppDeps, now } from '../../deps.js';
import type { Member } from '../../http/session.js';
import { heldWorkspaceIds } from '../../jobs/workspace-hold.js';
import { createMailProvider } from '../../providers/mail/index.js';
import { recordActivity } from '../activities/index.js';
import { listMembers, transferOwnership } from '../members/index.js';
import * as store from './store.js';

export const successionNoticeJobName = 'succession.notify-successor';

type Person = NonNullable<Awaited<ReturnType<typeof store.findUser>>>;
const nameOf = (u: Pick<Person, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;
const lastSignIn = (u: Person) => u.lastSignInAt ?? u.createdAt;
const claimableAt = (plan: store.PlanRow, owner: Person) =>
  new Date(lastSignIn(owner).getTime() + plan.inactivityDays * 86_400_000);

/** The owner has stayed away for the whole period (measured from their last sign-in, on the app's clock). */
const ownerAway = (deps: Pick<AppDeps, 'clock'>, plan: store.PlanRow, owner: Person) =>
  claimableAt(plan, owner).getTime() <= now(deps).getTime();

export async function successionState(deps: AppDeps, tx: Tx, member: Member): Promise<SuccessionState> {
  const plan = await store.findPlan(tx);
  const members = await listMembers(tx);
  const candidates = members
    .filter((m) => m.role !== 'owner')
    .map((m) => ({ id: m.userId, name: nameOf(m), email: m.email }));
  if (!plan) return { plan: null, candidates, canManage: member.role === 'owner', canClaim: false };
  const [owner, successor] = await Promise.all([
    store.findUser(tx, plan.ownerId),
    store.findUser(tx, plan.successorId),
  ]);
  if (!owner || !successor) throw new AppError('not_found', serverMessage('succession.noPlan'));
  return {
    plan: {
      owner: { id: owner.id, name: nameOf(owner), email: owner.email },
      successor: { id: successor.id, name: nameOf(successor), email: successor.email },
      inactivityDays: plan.inactivityDays,
      status: plan.status,
      ownerLastSignInAt: lastSignIn(owner).toISOString(),
      claimableAt: claimableAt(plan, owner).toISOString(),
      notifiedAt: plan.notifiedAt?.toISOString() ?? null,
      closedAt: plan.closedAt?.toISOString() ?? null,
      createdAt: plan.createdAt.toISOString(),
    },
    candidates,
    canManage: member.role === 'owner' && plan.ownerId === member.userId,
    canClaim:
      plan.status === 'notified' && plan.successorId === member.userId && ownerAway(deps, plan, owner),
  };
}

/** The owner names a successor (a member of this workspace) and the period of absence after which they may take over. */
export async function setSuccessionPlan(deps: AppDeps, tx: Tx, member: Member, input: SuccessionPlanInput) {
  if (input.successorId === member.userId)
    throw new AppError('bad_request', serverMessage('succession.notYourself'), {
      issues: [{ path: 'successorId', message: 'cannot be yourself' }],
    });
  const successor = (await listMembers(tx)).find((m) => m.userId === input.successorId);
  if (!successor)
    throw new AppError('bad_request', serverMessage('succession.notMember'), {
      issues: [{ path: 'successorId', message: 'not a member of this workspace' }],
    });
  await store.upsertPlan(tx, { ownerId: member.userId, ...input });
  await recordActivity(
    tx,
    'succession_planned',
    serverMessage('activity.successorNamed', { successor: nameOf(successor), days: input.inactivityDays }),
  );
  return successionState(deps, tx, member);
}

export async function cancelSuccessionPlan(deps: AppDeps, tx: Tx, member: Member) {
  const plan = await store.findPlan(tx);
  if (!plan || plan.status === 'cancelled' || plan.status === 'claimed')
    throw new AppError('not_found', serverMessage('succession.noPlan'));
  await store.updatePlan(tx, { status: 'cancelled', closedAt: now(deps) });
  await recordActivity(tx, 'succession_cancelled', serverMessage('activity.successionCancelled'));
  return successionState(deps, tx, member);
}

/** The notified successor takes ownership while the owner is still away; the owner stays on as an admin. */
export async function claimOwnership(deps: AppDeps, tx: Tx, member: Member) {
  const plan = await store.findPlan(tx);
  const owner = plan && (await store.findUser(tx, plan.ownerId));
  if (
    !plan ||
    !owner ||
    plan.status !== 'notified' ||
    plan.successorId !== member.userId ||
    !ownerAway(deps, plan, owner)
  )
    throw new AppError('forbidden', serverMessage('succession.notClaimable'));
  await transferOwnership(tx, { fromUserId: plan.ownerId, toUserId: member.userId });
  await store.updatePlan(tx, { status: 'claimed', closedAt: now(deps) });
  const successor = await store.findUser(tx, member.userId);
  await recordActivity(
    tx,
    'succession_claimed',
    successor
      ? serverMessage('activity.successionClaimed', { successor: nameOf(successor), owner: nameOf(owner) })
      : serverMessage('activity.successionClaimedUnnamed', { owner: nameOf(owner) }),
  );
  return successionState(deps, tx, { ...member, role: 'owner' });
}

/**
 * The daily check of one workspace: an active plan whose owner has been away for the period notifies
 * the successor (activity now, mail through the queue); a notified plan whose owner came back is
 * active again. Returns whether it notified.
 */
export async function checkSuccession(deps: AppDeps, workspaceId: number): Promise<boolean> {
  return deps.database.withWorkspace(workspaceId, async (tx) => {
    const plan = await store.findPlan(tx);
    const owner = plan && (await store.findUser(tx, plan.ownerId));
    if (!plan || !owner) return false;
    const away = ownerAway(deps, plan, owner);
    if (plan.status === 'notified' && !away) {
      await store.updatePlan(tx, { status: 'active', notifiedAt: null });
      await recordActivity(
        tx,
        'succession_reset',
        serverMessage('activity.successionReset', { owner: nameOf(owner) }),
      );
      return false;
    }
    if (plan.status !== 'active' || !away) return false;
    const successor = await store.findUser(tx, plan.successorId);
    if (!successor) return false;
    await store.updatePlan(tx, { status: 'notified', notifiedAt: now(deps) });
    await recordActivity(
      tx,
      'succession_notified',
      serverMessage('activity.successionNotified', {
        owner: nameOf(owner),
        days: plan.inactivityDays,
        successor: nameOf(successor),
      }),
    );
    await deps.queue.send(successionNoticeJobName, { workspaceId, successorId: successor.id }, { tx });
    return true;
  });
}

export async function checkAllSuccessions(deps: AppDeps): Promise<number> {
  let notified = 0;
  // A restored workspace nobody has started yet notifies nobody by itself.
  const held = await heldWorkspaceIds(deps.database.db);
  for (const workspaceId of await store.openPlanWorkspaces(deps.database.db))
    if (!held.has(workspaceId) && (await checkSuccession(deps, workspaceId))) notified += 1;
  return notified;
}

export async function sendSuccessorNotice(deps: AppDeps, data: { workspaceId: number; successorId: number }) {
  const successor = await store.findUser(deps.database.db, data.successorId);
  if (!successor) return;
  const link = deps.config.PUBLIC_URL ? `${deps.config.PUBLIC_URL}/dashboard` : 'the dashboard';
  await createMailProvider(deps.config, deps.log).send({
    to: successor.email,
    subject: 'You can now claim ownership of a Business Hub workspace',
    text: [
      `Hello ${nameOf(successor)},`,
      '',
      'You were named successor of a Business Hub workspace, and its owner has not signed in for the period they chose.',
      `Sign in and open the Succession tab of ${link} to claim ownership.`,
    ].join('\n'),
  });
}
