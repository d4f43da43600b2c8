import type { AppDeps } from '../deps.js';
import { createWorkspace, hashPassword } from '../features/auth/service.js';
import { findUserByEmail, insertUser, listUserWorkspaces } from '../features/auth/store.js';
import { seedDemoContent } from '../features/content/demo-content.js';
import { seedDemoCampaigns } from '../features/marketing/demo-campaigns.js';
import { closeDemoPhoneSync, seedDemoPhoneSync } from '../features/phone-sync/demo-data.js';
import { demoWebsiteIds, seedDemoData } from './demo-data.js';
import * as store from './store.js';

export const demoCredentials = { email: 'demo@businesshub.app', password: 'demo-password' };

/**
 * The demo's published password may be used only where that is safe: by default everywhere but in
 * production. In production the demo workspace still exists (public read-only screens show it), but
 * its owner has no password and it has no testing sync token, unless DEMO_SIGN_IN=true says otherwise.
 */
export function demoSignInEnabled(config: AppDeps['config']): boolean {
  return config.DEMO_SIGN_IN ?? config.NODE_ENV !== 'production';
}

/**
 * Seeds the demo workspace once (the demo owner's existence marks it as done), and on every start
 * brings its sign-in in line with the configuration: a database seeded by a development start and
 * then run in production loses the known password, its sessions and its testing token.
 */
export async function seedDemoWorkspace(deps: Pick<AppDeps, 'database' | 'config'>): Promise<boolean> {
  const db = deps.database.db;
  const signIn = demoSignInEnabled(deps.config);
  const existing = await findUserByEmail(db, demoCredentials.email);
  if (existing) {
    if (signIn && !existing.passwordHash) await openDemo(deps, existing.id);
    if (!signIn && existing.passwordHash) await closeDemo(deps, existing.id);
    // A demo seeded before campaigns or content existed gets them (the public demo screens show them).
    for (const workspaceId of await demoWorkspaceIds(deps, existing.id))
      await deps.database.withWorkspace(workspaceId, async (tx) => {
        // Migration 1040 gave every workspace a testing token, a closed demo's too.
        if (!signIn) await closeDemoPhoneSync(tx);
        await seedDemoCampaigns(tx);
        await seedDemoContent(tx, {
          config: deps.config,
          workspaceId,
          ownerId: existing.id,
          websiteIds: demoWebsiteIds,
          now: new Date(),
        });
      });
    return false;
  }
  const owner = await insertUser(db, {
    email: demoCredentials.email,
    firstName: 'Demo',
    lastName: 'Owner',
    passwordHash: signIn ? await hashPassword(demoCredentials.password) : null,
  });
  const workspaceId = await createWorkspace(deps, {
    name: 'Demo Business',
    plan: 'professional',
    ownerId: owner.id,
    ownerName: 'Demo Owner',
  });
  await deps.database.withWorkspace(workspaceId, (tx) =>
    seedDemoData(tx, { workspaceId, ownerId: owner.id, config: deps.config, signIn }),
  );
  return true;
}

async function demoWorkspaceIds(deps: Pick<AppDeps, 'database'>, ownerId: number): Promise<number[]> {
  const workspaces = await listUserWorkspaces(deps.database.db, ownerId);
  return workspaces.filter((w) => w.role === 'owner').map((w) => w.id);
}

/** Takes the demo's password and sessions; its testing token goes at every start with sign-in off (above). */
async function closeDemo(deps: Pick<AppDeps, 'database'>, ownerId: number): Promise<void> {
  await store.setPasswordHash(deps.database.db, ownerId, null);
  await store.deleteUserSessions(deps.database.db, ownerId);
}

async function openDemo(deps: Pick<AppDeps, 'database'>, ownerId: number): Promise<void> {
  await store.setPasswordHash(deps.database.db, ownerId, await hashPassword(demoCredentials.password));
  for (const workspaceId of await demoWorkspaceIds(deps, ownerId))
    await deps.database.withWorkspace(workspaceId, (tx) => seedDemoPhoneSync(tx, { ownerId }));
}
