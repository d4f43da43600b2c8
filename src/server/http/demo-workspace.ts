import { AppError } from '@domain/app-error';
import { serverMessage } from '@domain/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/database.js';
import { demoCredentials } from '../seed/demo-workspace.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `fn` inside the demo workspace in a read-only transaction: the public `-demo` screens read
     * through it (`GET /api/demo/<area>/…`, public by prefix), so nothing a visitor sends can write.
     */
    inDemoWorkspace<T>(fn: (tx: Tx, workspaceId: number) => Promise<T>): Promise<T>;
  }
}

export const demoWorkspacePlugin = fp(async (app: FastifyInstance) => {
  const { database } = app.deps;
  app.decorate('inDemoWorkspace', async function inDemoWorkspace<
    T,
  >(fn: (tx: Tx, workspaceId: number) => Promise<T>): Promise<T> {
    const { rows } = await database.db.execute<{ id: string | null }>(
      sql`select app_demo_workspace_id(${demoCredentials.email}) as id`,
    );
    const workspaceId = rows[0]?.id === null || rows[0]?.id === undefined ? null : Number(rows[0].id);
    if (workspaceId === null) throw new AppError('not_found', serverMessage('demo.missing'));
    return database.withWorkspace(workspaceId, (tx) => fn(tx, workspaceId), { readOnly: true });
  });
});
