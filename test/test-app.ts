import { randomInt } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { type Config, loadConfig } from '../src/server/config.js';
import { createDatabase, type Database } from '../src/server/db/database.js';
import { asAppRole } from '../src/server/db/urls.js';
import { jobDefinitions } from '../src/server/features/index.js';
import { createQueue, type Queue } from '../src/server/jobs/queue.js';
import { copyDatabase, testAppPassword } from './global-setup.js';
import { localSmtpServerAt } from './local-smtp-server.js';
import { outboxMailTo, signUpLinkToken, signUpOverHttp as signUpThroughOutbox } from './sign-up-link.js';

export { signUpLinkToken };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  queue: Queue;
  ownerUrl: string;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  workers?: boolean;
  clientDir?: string;
  logStream?: { write(line: string): void };
  /** A controlled clock for the app and its workers (see AppDeps.clock). */
  clock?: () => Date;
  /**
   * A freshly migrated database of its own (a copy of the run's template) instead of the run's shared
   * one. Every file's queue lives in the shared database, so another file's workers could take this
   * file's jobs and run them with their own configuration (a backup written to another file's directory
   * or bucket), and the other way round.
   */
  ownDatabase?: boolean;
  /** The database of an earlier app of the same file (`ownerUrl`): a restart onto the same data. */
  databaseUrl?: string;
}

/**
 * The real app on the run's fresh database, connected as the runtime role (RLS applies).
 * `workers: true` also runs the job queue in this process, as `npm start` does.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownerUrl =
    options.databaseUrl ?? (options.ownDatabase ? await freshDatabase() : await fileDatabaseUrl());
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_DB_PASSWORD: testAppPassword,
    SEED_DEMO: 'false',
    SMTP_CAPTURE_PORT: '0',
    // The local IMAP, HTTP and SMTP servers of the tests listen on loopback, which production refuses.
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8,::1/128',
    ...options.env,
  });
  const database = createDatabase(asAppRole(ownerUrl, testAppPassword), { max: 10 });
  const queue = createQueue(ownerUrl);
  const app = await buildApp(
    { config, database, queue, ...(options.clock ? { clock: options.clock } : {}) },
    { clientDir: options.clientDir, logStream: options.logStream },
  );
  if (options.workers) await queue.start(jobDefinitions, app.deps);
  await app.ready();
  return {
    app,
    database,
    queue,
    ownerUrl,
    config,
    async close() {
      await app.close();
      await queue.stop();
      await database.close();
    },
  };
}

/**
 * The usual set-up of an API test file (or of one `describe`): creates the app in a `beforeAll` and closes it
 * in an `afterAll`, both registered where this is called. The fields of the returned handle are there once that
 * `beforeAll` has run; reading one earlier (at collection time) or after the `afterAll` throws. Other set-up that
 * needs the app goes in a `beforeAll` registered after this call: vitest runs them in order, and its `afterAll`
 * hooks in reverse, so the file's own tear-down runs before the app closes. `options` may be a function when
 * they depend on something an earlier `beforeAll` started (a local SMTP or OIDC server, say).
 * For several apps, restarts on the same database or an app inside a test, use `createTestApp`.
 */
export function useTestApp(
  options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {},
): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => {
    const closing = current;
    current = undefined;
    await closing?.close();
  });
  const ready = (): TestApp => {
    if (!current) {
      throw new Error(
        'useTestApp: the app exists only between its beforeAll and afterAll; read it in a hook or a test, not while the file is collected',
      );
    }
    return current;
  };
  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    get queue() {
      return ready().queue;
    },
    get ownerUrl() {
      return ready().ownerUrl;
    },
    get config() {
      return ready().config;
    },
    /** Closes early; the afterAll then has nothing left to close. */
    async close() {
      const closing = ready();
      current = undefined;
      await closing.close();
    },
  };
}

let fileDatabase: Promise<string> | undefined;
/**
 * The database this test file's apps, server processes and clients share unless they ask for another: a
 * copy of the run's template made at its first use. API files run two at a time, and a queue's workers
 * take any job in their database, so no file may share one with another.
 */
export function fileDatabaseUrl(): Promise<string> {
  fileDatabase ??= freshDatabase();
  return fileDatabase;
}

let databases = 0;
async function freshDatabase(): Promise<string> {
  databases += 1;
  const sharedName = new URL(inject('ownerDatabaseUrl')).pathname.slice(1);
  return copyDatabase(inject('templateDatabaseUrl'), `${sharedName}_own_${process.pid}_${databases}`);
}

export const builtClientDir = path.resolve('dist/client');

let counter = 0;
/** A unique email per call, so parallel test files never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.test`;
}

const origin = 'http://localhost';

/** A private address of its own, so the per-address limits of one test never meet another's. */
export function uniqueIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * A signed-in API client: keeps the session cookie and sends the same-origin header writes need.
 * With `apiKey` it authenticates as a script would: the bearer key alone, no cookie and no Origin.
 */
export class ApiClient {
  cookie = '';
  constructor(
    readonly app: FastifyInstance,
    readonly ip = uniqueIp(),
    readonly apiKey?: string,
  ) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response: LightMyRequestResponse = await this.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: this.ip,
      headers: {
        host: 'localhost',
        ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : { origin }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.cookies.find((c) => c.name === 'hub_sid');
    if (setCookie) this.cookie = setCookie.value ? `hub_sid=${setCookie.value}` : '';
    return response;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body);
  }
  patch(url: string, body?: unknown) {
    return this.request('PATCH', url, body);
  }
  put(url: string, body?: unknown) {
    return this.request('PUT', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }
}

export interface SignedUp {
  client: ApiClient;
  email: string;
  password: string;
  workspaceId: number;
  userId: number;
}

/**
 * The newest mail the product sent `email`, read where it landed: the outbox table when the server has
 * no mail transport (the test default; any process on that database), else this process's local SMTP
 * server it sends to. Sign-up mail is sent before the sign-up answers, so it is there already.
 */
export async function lastMailTo(
  where: { app: FastifyInstance } | { databaseUrl: string },
  email: string,
): Promise<string> {
  if ('app' in where && where.app.deps.config.SMTP_URL) {
    const smtp = localSmtpServerAt(where.app.deps.config.SMTP_URL);
    if (!smtp) throw new Error(`no local SMTP server at ${where.app.deps.config.SMTP_URL}`);
    return (await smtp.takeMailTo(email)).text ?? '';
  }
  if ('app' in where) {
    const { rows } = await where.app.deps.database.db.execute<{ body: string }>(
      sql`select body from mail_outbox where to_email = ${email}::citext order by id desc limit 1`,
    );
    return rows[0]?.body ?? '';
  }
  return outboxMailTo(where.databaseUrl, email);
}

/** Opens the sign-up link mailed to `email` as its owner would: `client` is then signed in. */
export async function confirmSignUpByMail(client: ApiClient, email: string) {
  const token = signUpLinkToken(await lastMailTo({ app: client.app }, email));
  const res = await client.post('/api/auth/signup/confirm', { token });
  if (res.statusCode !== 200) throw new Error(`sign-up confirmation failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** Sign-up against a server in its own process (fetch), confirmed through its outbox as a user would. */
export async function signUpOverHttp(
  baseUrl: string,
  body: Record<string, unknown> & { email: string },
  databaseUrl?: string,
): Promise<string> {
  return signUpThroughOutbox(baseUrl, body, databaseUrl ?? (await fileDatabaseUrl()));
}

/** Signs up a new owner with a new workspace, confirming through the mailed link. */
export async function signUpOwner(
  app: FastifyInstance,
  overrides: Partial<{
    email: string;
    businessName: string;
    plan: string;
    firstName: string;
    lastName: string;
  }> = {},
): Promise<SignedUp> {
  const client = new ApiClient(app);
  const email = overrides.email ?? uniqueEmail('owner');
  const password = 'correct-horse-battery';
  const res = await client.post('/api/auth/signup', {
    firstName: overrides.firstName ?? 'Olive',
    lastName: overrides.lastName ?? 'Owner',
    email,
    password,
    businessName: overrides.businessName ?? 'Olive Co',
    plan: overrides.plan ?? 'professional',
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  await confirmSignUpByMail(client, email);
  const me = (await client.get('/api/auth/user')).json();
  return { client, email, password, workspaceId: me.workspace.id, userId: me.id };
}

/** Adds a user with the given role to `owner`'s workspace through the real invite flow. */
export async function addMember(app: FastifyInstance, owner: SignedUp, role: 'admin' | 'member' | 'viewer') {
  const email = uniqueEmail(role);
  const invite = await owner.client.post('/api/workspace/invites', { email, role });
  if (invite.statusCode !== 201) throw new Error(`invite failed: ${invite.statusCode} ${invite.body}`);
  const token = new URL(invite.json().inviteUrl).searchParams.get('invite');
  const client = new ApiClient(app);
  const res = await client.post('/api/auth/signup', {
    firstName: 'Mia',
    lastName: role,
    email,
    password: 'correct-horse-battery',
    businessName: 'ignored',
    inviteToken: token,
  });
  if (res.statusCode !== 201) throw new Error(`invited sign-up failed: ${res.statusCode} ${res.body}`);
  return { client, email };
}

/** Creates an API key in `owner`'s workspace and returns a client that uses it. */
export async function apiKeyClient(
  app: FastifyInstance,
  owner: Pick<SignedUp, 'client'>,
  role: 'admin' | 'member' | 'viewer',
  name = `${role} key`,
) {
  const res = await owner.client.post('/api/workspace/api-keys', { name, role });
  if (res.statusCode !== 201) throw new Error(`API key creation failed: ${res.statusCode} ${res.body}`);
  const created = res.json() as { id: number; key: string };
  return { id: created.id, key: created.key, client: new ApiClient(app, '127.0.0.1', created.key) };
}
