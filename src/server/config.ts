import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseCidr } from './http/address-policy.js';

/** Shipped default for SCHEDULER_URL (spec 001: a placeholder); the scheduling page says it is not set up. */
export const placeholderSchedulerUrl = 'https://calendly.com/your-scheduling-link/30min';

const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Fastify's `trustProxy`: whose X-Forwarded-For to believe for the client address. Off unless set, so
 * nobody can pick their own address for the sign-in limits; `true`, a hop count, or addresses/CIDRs.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): boolean | number | string[] => {
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((entry) => entry.trim());
    const bad = list.filter((entry) => parseCidr(entry) === null);
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected true, false, a hop count or IP addresses/CIDRs; not ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return list;
  });

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.url().optional(),
    APP_DB_PASSWORD: z.string().min(8).default('hub_app_local_password'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    EMBEDDED_PG_SHARED_BUFFERS_MB: z.coerce.number().int().min(16).max(65_536).optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    CLIENT_DIR: z.string().min(1).default('dist/client'),
    TRUST_PROXY: trustProxySchema,
    SIGN_UP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SECRET_KEY: z.string().min(32).optional(),
    SEED_DEMO: booleanFlag.default(true),
    /** Unset: the demo's published password works outside production only (seed/demo-workspace.ts). */
    DEMO_SIGN_IN: booleanFlag.optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
    STRIPE_TEST_SECRET_KEY: z.string().startsWith('sk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    STRIPE_API_URL: z.url().optional(),
    /** Unset: the offline test checkout stands in for Stripe outside production only (providers/payments). */
    OFFLINE_CHECKOUT: booleanFlag.optional(),
    SMTP_CAPTURE_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
    SMTP_CAPTURE_DOMAIN: z.string().min(1).default('capture.localhost'),
    SCHEDULER_URL: z.url().default(placeholderSchedulerUrl),
    SALES_EMAIL: z.email().default('sales@example.com'),
    SMTP_URL: z
      .url()
      .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Business Hub <no-reply@businesshub.localhost>'),
    /** Exceptions to the outbound address check (mail hosts, fetched URLs): comma-separated. */
    OUTBOUND_ALLOW_CIDRS: commaList
      .pipe(z.array(z.string().refine((c) => parseCidr(c) !== null, 'is not a CIDR range')))
      .default([]),
    OUTBOUND_ALLOW_HOSTS: commaList.default([]),
    /** Fetches of user-given URLs may reach this server itself (its port here, PUBLIC_URL): off by default. */
    OUTBOUND_ALLOW_SELF: booleanFlag.default(false),
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** The monitors' probe loop runs in this process (off: the tests' extra server processes on a shared database). */
    MONITOR_PROBES: booleanFlag.default(true),
    OUTBOUND_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(5 * 1024 * 1024),
    /** Site-health crawler: pause between two requests to one host, and on loopback (tests, the demo). */
    SITE_CRAWL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    SITE_CRAWL_LOOPBACK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** Requests in flight to one host at once. */
    SITE_CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
    /** How long a crawl's worker holds it between batches: a killed worker's crawl is taken over after this. */
    SITE_CRAWL_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
    SITE_CRAWL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    SITE_CRAWL_MAX_PAGE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(2 * 1024 * 1024),
    /** Where backups are written; unset = DATA_DIR/backups. */
    BACKUP_DIR: z.string().min(1).optional(),
    /** Completed backups kept per workspace; older ones are deleted after each new one. */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(8),
    /** How long a backup's worker holds it between tables: a killed worker's backup is taken over after this. */
    BACKUP_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
    /** How long `GET /run/backup` waits for its backup before answering that it is still running. */
    BACKUP_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /**
     * An S3-compatible bucket for backups instead of the directory: BACKUP_S3_BUCKET switches it on and
     * then needs both keys; the endpoint defaults to AWS's for the region. The secret key is a secret.
     */
    BACKUP_S3_ENDPOINT: z
      .url()
      .refine((v) => /^https?:\/\//.test(v) && !new URL(v).username && !new URL(v).password, {
        message: 'must be an http(s) URL without credentials in it',
      })
      .optional(),
    BACKUP_S3_BUCKET: z.string().trim().min(1).optional(),
    BACKUP_S3_REGION: z.string().trim().min(1).default('us-east-1'),
    BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    BACKUP_S3_FORCE_PATH_STYLE: booleanFlag.default(true),
    /** Put before every object key; slashes at its ends are normalised to one trailing slash. */
    BACKUP_S3_PREFIX: z
      .string()
      .optional()
      .transform((v) => {
        const trimmed = (v ?? '').replace(/^\/+|\/+$/g, '');
        return trimmed ? `${trimmed}/` : '';
      }),
    /** Bytes held in memory per multipart part (two parts at most): S3 needs 5 MiB or more. */
    BACKUP_S3_PART_SIZE_MB: z.coerce.number().int().min(5).max(512).default(8),
    /** Google Search Console (keyword rank): the OAuth token endpoint and the API base, overridable for tests. */
    GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    SEARCH_CONSOLE_API_URL: z.url().default('https://searchconsole.googleapis.com'),
    /**
     * The AI text provider (issue 15 §1): any OpenAI-compatible chat-completions endpoint. Unset = none:
     * content comes from the offline generator and translation says it needs a provider. The key is a secret.
     */
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
    /** One attempt's limit; a timed-out or rate-limited (429, after its retry-after) attempt is retried. */
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    /** The largest CSV one import takes, in bytes (the upload is refused beyond, nothing stored). */
    IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 31)
      .default(512 * 1024 * 1024),
  })
  .superRefine((c, ctx) => {
    const oidc = [c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc > 0 && oidc < 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
      });
    }
    const s3Settings = {
      BACKUP_S3_ENDPOINT: c.BACKUP_S3_ENDPOINT,
      BACKUP_S3_ACCESS_KEY_ID: c.BACKUP_S3_ACCESS_KEY_ID,
      BACKUP_S3_SECRET_ACCESS_KEY: c.BACKUP_S3_SECRET_ACCESS_KEY,
      BACKUP_S3_PREFIX: c.BACKUP_S3_PREFIX || undefined,
    };
    if (!c.BACKUP_S3_BUCKET) {
      const stray = Object.entries(s3Settings).find(([, value]) => value !== undefined);
      if (stray)
        ctx.addIssue({
          code: 'custom',
          path: ['BACKUP_S3_BUCKET'],
          message: `is required when ${stray[0]} is set`,
        });
    } else {
      for (const name of ['BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY'] as const)
        if (!c[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when BACKUP_S3_BUCKET is set' });
    }
  });

export type Config = z.infer<typeof configSchema> & { secretKey: string };

export class ConfigError extends Error {}

/** Parses every environment variable once; a bad value stops the start naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const secretKey = result.data.SECRET_KEY ?? keptSecretKey(result.data);
  return { ...result.data, secretKey };
}

export const secretKeyFileName = 'secret-key';
// Tests never write into a data directory they did not ask for. One key for every test process, as one
// deployment's processes share theirs: workers of other test files take queued jobs too, and the apps'
// webhook secrets are derived from it.
const testSecretKey = 'test-only-secret-key-shared-by-every-test-process';

/**
 * Without SECRET_KEY the key lives in DATA_DIR/secret-key (mode 0600): generated on the first start,
 * read on every later one, so sealed mailbox passwords survive restarts and no two installs share a key.
 * It is never kept in the database, whose dumps hold the data it protects. Production does not
 * generate one: its data directory may not outlive the container, and a silently new key would make
 * every stored password unreadable; it needs SECRET_KEY or a key file the operator put there.
 */
function keptSecretKey(c: { NODE_ENV: string; DATA_DIR: string }): string {
  if (c.NODE_ENV === 'test') return testSecretKey;
  const file = path.resolve(c.DATA_DIR, secretKeyFileName);
  const read = () => {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length < 32)
      throw new ConfigError(`Invalid configuration:\n  SECRET_KEY: ${file} holds fewer than 32 characters`);
    return key;
  };
  try {
    return read();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  if (c.NODE_ENV === 'production') {
    throw new ConfigError(
      `Invalid configuration:\n  SECRET_KEY: is required in production (or put a key of 32+ characters in ${file}, e.g. from \`openssl rand -base64 48\`)`,
    );
  }
  const cannotCreate = (error: unknown) =>
    new ConfigError(
      `Invalid configuration:\n  SECRET_KEY: not set, and ${file} cannot be created (${(error as Error).message}); set SECRET_KEY or make DATA_DIR writable`,
    );
  try {
    mkdirSync(path.dirname(file), { recursive: true });
  } catch (error) {
    throw cannotCreate(error);
  }
  try {
    // 'wx' fails if another process created it first; that process's key is then the one to use.
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw cannotCreate(error);
  }
  return read();
}
