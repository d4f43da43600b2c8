import { successionPlanInputSchema, successionStateSchema } from '@domain/succession/succession-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelSuccessionPlan, claimOwnership, setSuccessionPlan, successionState } from './service.js';

/**
 * Succession (issue 12 §4): every member sees the plan (the successor must see that they may claim);
 * only the owner sets or cancels it; only the notified successor claims.
 */
export const successionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['succession'];
  const response = { 200: successionStateSchema };

  app.get('/api/succession', { schema: { tags, response } }, (request) =>
    app.inWorkspace(request, 'viewer', (tx, member) => successionState(app.deps, tx, member)),
  );

  app.put(
    '/api/succession',
    { config: { role: 'owner' }, schema: { tags, body: successionPlanInputSchema, response } },
    (request) =>
      app.inWorkspace(request, 'owner', (tx, member) =>
        setSuccessionPlan(app.deps, tx, member, request.body),
      ),
  );

  app.delete('/api/succession', { config: { role: 'owner' }, schema: { tags, response } }, (request) =>
    app.inWorkspace(request, 'owner', (tx, member) => cancelSuccessionPlan(app.deps, tx, member)),
  );

  app.post('/api/succession/claim', { schema: { tags, response } }, (request) =>
    app.inWorkspace(request, 'member', (tx, member) => claimOwnership(app.deps, tx, member)),
  );
};
