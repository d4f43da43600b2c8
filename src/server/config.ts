import { z } from 'zod';

/** Shipped default for SCHEDULER_URL (spec 001: a placeholder); the scheduling page says it is not set up. */
export const placeholderSchedulerUrl = 'https://calendly.com/your-scheduling-link/30min';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

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
    if (c.NODE_ENV === 'production' && !c.SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['SECRET_KEY'], message: 'is required in production' });
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
  // Development falls back to a fixed key so encrypted data survives restarts; production must set one.
  const secretKey = result.data.SECRET_KEY ?? 'development-only-secret-key-change-me-0000';
  return { ...result.data, secretKey };
}
