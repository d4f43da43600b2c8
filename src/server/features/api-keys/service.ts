import { createHash, randomBytes } from 'node:crypto';
import type { CreateApiKeyInput, CreatedApiKey } from '@domain/api-keys/api-key-schemas';
import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { planById, plansWithApiAccess } from '@domain/pricing/plans';
import { hasRole } from '@domain/roles';
import type { Database, Tx } from '../../db/database.js';
import type { Member } from '../../http/session.js';
import { recordActivity } from '../activities/index.js';
import * as store from './store.js';

const keyPrefix = 'bh_live_';
// bh_live_<12 hex: the public prefix>_<43 base64url: 256 random bits>
const keyPattern = /^bh_live_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** A key is high-entropy, so one sha-256 is enough: there is nothing to guess that a slow hash would protect. */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function assertPlanHasApiAccess(plan: (typeof plansWithApiAccess)[number] | 'starter') {
  if (!plansWithApiAccess.includes(plan)) {
    const names = plansWithApiAccess.map((p) => planById(p).name).join(' and ');
    throw new AppError(
      'forbidden',
      serverMessage('apiKeys.planWithoutApi', { plans: names, plan: planById(plan).name }),
    );
  }
}

/** Keys are managed by people: a request made with a key cannot list, create or revoke keys. */
function assertSignedIn(member: Member) {
  if (member.apiKeyId !== undefined) {
    throw new AppError('forbidden', serverMessage('apiKeys.signInToManage'));
  }
}

function toView(row: Awaited<ReturnType<typeof store.listApiKeys>>[number]) {
  return {
    id: row.id,
    name: row.name,
    prefix: `${keyPrefix}${row.prefix}`,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdBy:
      row.creatorId === null
        ? null
        : {
            id: row.creatorId,
            name: `${row.creatorFirstName ?? ''} ${row.creatorLastName ?? ''}`.trim(),
            email: row.creatorEmail ?? '',
          },
  };
}

export async function listApiKeys(tx: Tx, member: Member) {
  assertSignedIn(member);
  return (await store.listApiKeys(tx)).map(toView);
}

export async function createApiKey(tx: Tx, member: Member, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  assertSignedIn(member);
  if (!hasRole(member.role, input.role)) {
    throw new AppError('forbidden', serverMessage('apiKeys.moreRightsThanYou', { role: member.role }));
  }
  assertPlanHasApiAccess(await store.workspacePlan(tx));
  const prefix = randomBytes(6).toString('hex');
  const key = `${keyPrefix}${prefix}_${randomBytes(32).toString('base64url')}`;
  const id = await store.insertApiKey(tx, {
    name: input.name,
    prefix,
    secretHash: hashKey(key),
    role: input.role,
    createdBy: member.userId,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  });
  await recordActivity(
    tx,
    'api_key_created',
    serverMessage('activity.apiKeyCreated', { name: input.name, role: input.role }),
  );
  const [row] = await store.listApiKeys(tx, id);
  return { ...toView(row), key };
}

export async function revokeApiKey(tx: Tx, member: Member, id: number) {
  assertSignedIn(member);
  if (!(await store.revokeApiKey(tx, id))) throw new AppError('not_found', serverMessage('apiKeys.notFound'));
}

/**
 * `Authorization: Bearer <key>`: the member the key acts as (its creator, with the key's role and
 * workspace). Unknown, revoked and expired keys are one answer, so a caller learns nothing of which.
 */
export async function authenticateApiKey(database: Database, key: string): Promise<Member> {
  const match = keyPattern.exec(key);
  const found = match ? await store.findLiveApiKey(database.db, match[1], hashKey(key)) : null;
  if (!found) {
    throw new AppError('unauthenticated', serverMessage('apiKeys.invalid'));
  }
  assertPlanHasApiAccess(found.plan);
  return {
    sessionId: '',
    userId: found.userId,
    workspaceId: found.workspaceId,
    role: found.role,
    apiKeyId: found.keyId,
  };
}
