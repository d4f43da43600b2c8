import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppReceiver,
  addApp as addEcosystemApp,
  postEvent as postSignedEvent,
  startAppReceiver,
  until,
} from '../../../../test/app-receiver.js';
import { type SignedUp, signUpOwner, useTestApp } from '../../../../test/test-app.js';

let apps: AppReceiver;
let base: string;
let owner: SignedUp;
const timeoutMs = 1_000;

beforeAll(async () => {
  apps = await startAppReceiver();
  base = apps.base;
});
afterAll(async () => {
  await apps.close();
});
const t = useTestApp(() => ({ workers: true, env: { OUTBOUND_TIMEOUT_MS: String(timeoutMs) } }));
beforeAll(async () => {
  owner = await signUpOwner(t.app, { businessName: 'Ops Co', plan: 'enterprise' });
});

const addApp = (who: SignedUp, name: string, url = `${base}/app/${name.toLowerCase()}`) =>
  addEcosystemApp(who, name, url);
/** Posts an event to the app's inbound address as the app would: signed with its secret (or `secret`). */
const postEvent = (appId: number, event: unknown, webhookId: string, secret?: string) =>
  postSignedEvent(t, appId, event, webhookId, secret);

describe('integration (Phase 3)', () => {
  it('probes, deploys, handshakes and becomes active on the signed acknowledgement', async () => {
    const appId = await addApp(owner, 'Integrated');
    apps.onHandshake = async (message) => {
      const ack = await postEvent(
        message.data.app_id,
        { type: 'integration.ack', data: { nonce: message.data.nonce } },
        `msg_ack_${message.data.nonce}`,
      );
      expect(ack.statusCode).toBe(202);
    };
    const start = await owner.client.post(`/api/integrate/${appId}`);
    expect(start.statusCode, start.body).toBe(202);
    expect((await owner.client.post(`/api/integrate/${appId}`)).statusCode).toBe(409);
    const done = await until(
      'the integration',
      async () => (await owner.client.get('/api/integration-status')).json().applications.Integrated,
      (a) => a.status === 'active',
    );
    expect(done).toMatchObject({ deployment_progress: 100, error: null });
    apps.onHandshake = null;
  });

  it('ends in error with the reason when the app is down', async () => {
    const appId = await addApp(owner, 'Unreachable', `${base}/nowhere`);
    await owner.client.post(`/api/integrate/${appId}`);
    const failed = await until(
      'the failure',
      async () => (await owner.client.get('/api/integration-status')).json().applications.Unreachable,
      (a) => a.status === 'error',
    );
    expect(failed.error).toBe('The app did not answer: HTTP 404');
    expect(failed.deployment_progress).toBe(0);
    // The reason keeps its catalogued message, nested in the error's and in the activity line's, so each
    // reader's client shows the whole line in their language (issue 10).
    expect(failed.error_message).toEqual({
      id: 'operations.appDidNotAnswer',
      values: { reason: { id: 'outbound.status', values: { status: 404 } } },
    });
    const activities = (await owner.client.get('/api/activities')).json();
    expect(
      activities.find((a: { messageId: string | null }) => a.messageId === 'activity.integrationFailed'),
    ).toMatchObject({
      description: 'Integration of Unreachable failed: The app did not answer: HTTP 404',
      values: { app: 'Unreachable', reason: failed.error_message },
    });
  });
});
