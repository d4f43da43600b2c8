import { demoAppsPath } from '@domain/ecosystem/ecosystem-schemas';
import { hubEvents } from '@domain/webhooks/webhook-schemas';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { type AppDeps, now } from '../../deps.js';
import { ownOrigin } from '../../http/outbound.js';
import type { JobDefinition } from '../../jobs/queue.js';
import { demoCredentials } from '../../seed/demo-workspace.js';
import {
  appSecret,
  deliveryClient,
  inboundUrl,
  listAppOps,
  signedHeaders,
  verifySigned,
} from '../webhooks/index.js';
import { startIntegration } from './integration.js';

/**
 * The demo apps' webhook side, beside the ecosystem simulator's pages and data: each simulated app
 * takes the hub's signed webhooks on the paths spec 001 documents, answers the integration handshake
 * with its signed acknowledgement, and (from a job) sends signed events of its own, so the demo's
 * monitoring, webhook and Phase 3 screens are alive with no network.
 */
const receivePaths = ['api/receive', 'api/record', 'api/listen'];

/** Posts a signed event as the app would, to this server's own inbound address only. */
export async function postAsApp(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  appId: number,
  webhookId: string,
  event: Record<string, unknown>,
): Promise<number> {
  const body = JSON.stringify(event);
  const response = await deliveryClient(deps.config).fetch(inboundUrl(deps.config, appId), {
    internal: true,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signedHeaders(appSecret(deps.config.secretKey, appId), webhookId, body, now(deps)),
    },
    body,
    acceptErrorStatus: true,
  });
  return response.status;
}

export const demoAppWebhooks: FastifyPluginAsync = async (app) => {
  // The signature covers the exact bytes: this route reads its body as text.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { slug: string; '*': string } }>(
    `${demoAppsPath}:slug/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (!receivePaths.includes(request.params['*'].replace(/\/$/, '')))
        return reply.status(404).type('text/plain').send('Not found');
      const raw = typeof request.body === 'string' ? request.body : '';
      let message: { type?: unknown; data?: { app_id?: unknown; nonce?: unknown; ack_url?: unknown } };
      try {
        message = JSON.parse(raw);
      } catch {
        return reply.status(400).send({ received: false });
      }
      const appId = Number(message.data?.app_id);
      const { config } = app.deps;
      if (
        !Number.isSafeInteger(appId) ||
        !verifySigned(appSecret(config.secretKey, appId), raw, request.headers)
      )
        return reply.status(401).send({ received: false });
      const ackUrl = typeof message.data?.ack_url === 'string' ? message.data.ack_url : '';
      if (message.type === hubEvents.handshake && ackUrl.startsWith(`${ownOrigin(config)}/`)) {
        const webhookId = `msg_ack_${String(message.data?.nonce).replaceAll('-', '')}`;
        // After this answer: the hub records the handshake as taken before the acknowledgement arrives.
        setImmediate(() => {
          postAsApp(app.deps, appId, webhookId, {
            type: hubEvents.ack,
            description: 'Handshake acknowledged',
            data: { nonce: message.data?.nonce },
          }).catch((error) => app.log.warn({ err: error }, 'demo app acknowledgement failed'));
        });
      }
      return reply.send({ received: true });
    },
  );
};

/** What the demo apps report, in turn: one event a minute, of the families the feature flags switch. */
const demoEvents = [
  { type: 'user.signup', description: 'New member signed up', tag: 'signup' },
  { type: 'referral.sent', description: 'Referral shared with a friend', tag: 'referral' },
  { type: 'payment.succeeded', description: 'Subscription payment received', tag: 'revenue' },
  { type: 'certification.completed', description: 'Course certificate earned', tag: 'certificate' },
  { type: 'insight.recorded', description: 'Wellbeing check-in recorded', tag: 'insight' },
  { type: 'user.login', description: 'Member signed in', tag: 'login' },
];

/**
 * Once a minute (once across processes): integrates the demo apps not integrated yet, and lets one
 * demo app send a signed event. The event's id is the minute, so a repeated tick stores nothing twice.
 */
export async function runDemoTraffic(deps: AppDeps): Promise<void> {
  const { rows } = await deps.database.db.execute<{ id: number | null }>(
    sql`select app_demo_workspace_id(${demoCredentials.email})::int as id`,
  );
  const workspaceId = rows[0]?.id ?? null;
  if (workspaceId === null) return;
  const apps = await deps.database.withWorkspace(workspaceId, async (tx) => {
    const list = await listAppOps(tx);
    for (const a of list.filter((x) => x.integrationStatus === 'pending').slice(0, 3))
      await startIntegration(deps, tx, workspaceId, a.id);
    return list;
  });
  if (apps.length === 0) return;
  const minute = Math.floor(now(deps).getTime() / 60_000);
  const app = apps[minute % apps.length];
  const event = demoEvents[minute % demoEvents.length];
  await postAsApp(deps, app.id, `msg_demo_${minute}`, { ...event, status: 'ok' }).catch((error) =>
    deps.log.warn({ err: error }, 'demo app event not sent'),
  );
}

export const demoTrafficJobDefinition: JobDefinition = {
  name: 'ops-demo-traffic',
  cron: '* * * * *',
  retryLimit: 0,
  handler: (_data, deps) => runDemoTraffic(deps),
};
