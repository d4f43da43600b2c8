import type { AppDeps } from '../deps.js';
import { createWorkspace, hashPassword } from '../features/auth/service.js';
import { findUserByEmail, insertUser } from '../features/auth/store.js';
import { seedDemoData } from './demo-data.js';

export const demoCredentials = { email: 'demo@businesshub.app', password: 'demo-password' };

/** Seeds the demo workspace once: the demo owner's existence marks it as done. */
export async function seedDemoWorkspace(deps: Pick<AppDeps, 'database' | 'config'>): Promise<boolean> {
  const db = deps.database.db;
  if (await findUserByEmail(db, demoCredentials.email)) return false;
  const owner = await insertUser(db, {
    email: demoCredentials.email,
    firstName: 'Demo',
    lastName: 'Owner',
    passwordHash: await hashPassword(demoCredentials.password),
  });
  const workspaceId = await createWorkspace(deps, {
    name: 'Demo Business',
    plan: 'professional',
    ownerId: owner.id,
    ownerName: 'Demo Owner',
  });
  await deps.database.withWorkspace(workspaceId, (tx) =>
    seedDemoData(tx, { workspaceId, ownerId: owner.id }),
  );
  return true;
}
