import { DEFAULT_PAYOUT_HOLD_DAYS } from '@encore/core';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DispatcherOptions } from './events/dispatcher';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.string().url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Encore <no-reply@encore.local>'),
  MAIL_OUTBOX: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).optional()),
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_API_BASE: optionalUrl,
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(5),
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_PAYOUT_HOLD_DAYS),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w-]+$/)
    .default('encore'),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Whether /dev/mail shows the kept emails (without SMTP_URL) to their signed-in recipients and
   * to platform admins. Off in production unless MAIL_OUTBOX=on: the outbox holds reset links.
   */
  mailOutboxPage: boolean;
  payments: {
    provider: Env['PAYMENTS_PROVIDER'];
    platformFeePercent: number;
    /** Days after an opportunity's event before its money can be paid out. */
    payoutHoldDays: number;
    /** Stripe's keys and webhook secrets; checked at start to be all there with `stripe`. */
    stripe: StripeSettings;
  };
  s3:
    | {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      }
    | undefined;
  seed: Env['SEED'];
  logLevel: Env['LOG_LEVEL'];
  /** Where the built web app lives; absent in API-only test servers. */
  webDist: string | undefined;
  /** Abuse limits on sign-in and similar operations; off only for load tests. */
  rateLimits: { enabled: boolean };
  /** How events are delivered (events/dispatcher.ts); tests shorten the waits. */
  eventDispatch: EventDispatchSettings;
  /** Starts every Redis key and channel, so several installations can share one Redis. */
  redisPrefix: string;
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): the client IP rate limits count. */
  trustProxy: boolean | string;
}

export interface StripeSettings {
  secretKey: string | undefined;
  /** For Stripe.js and Elements in the browser. */
  publishableKey: string | undefined;
  /**
   * The signing secret of each endpoint that posts to /webhooks/stripe (STRIPE_WEBHOOK_SECRET,
   * comma-separated): the platform's endpoint and the Connect endpoint have one each.
   */
  webhookSecrets: string[];
  /** Where Stripe's API answers instead of https://api.stripe.com (tests, a stub). */
  apiBase: string | undefined;
}

export type EventDispatchSettings = Partial<
  Pick<DispatcherOptions, 'leaseMs' | 'batchSize' | 'maxAttempts' | 'pollMs' | 'backoffMs'>
>;

export class ConfigError extends Error {}

export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR);
  const s3 = readS3(env);
  const port = overrides.port ?? env.PORT;
  const config: Config = {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    jwtSecret: env.JWT_SECRET ?? '',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailOutboxPage: (env.MAIL_OUTBOX ?? (env.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    payments: {
      provider: env.PAYMENTS_PROVIDER,
      platformFeePercent: env.PLATFORM_FEE_PERCENT,
      payoutHoldDays: env.PAYOUT_HOLD_DAYS,
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecrets: (env.STRIPE_WEBHOOK_SECRET ?? '')
          .split(',')
          .map((secret) => secret.trim())
          .filter(Boolean),
        apiBase: env.STRIPE_API_BASE,
      },
    },
    s3,
    seed: env.SEED,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
    rateLimits: { enabled: env.RATE_LIMITS === 'on' },
    eventDispatch: {},
    redisPrefix: env.REDIS_PREFIX,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ...overrides,
  };
  checkPayments(config.payments);
  if (!config.jwtSecret) config.jwtSecret = persistentSecret(dataDir);
  return config;
}

/** Stripe's key prefixes: `sk_test_…` or a restricted `rk_live_…`; `pk_…`; `whsec_…`. */
const STRIPE_SECRET_KEY = /^(sk|rk)_(test|live)_\w+$/;
const STRIPE_PUBLISHABLE_KEY = /^pk_(test|live)_\w+$/;
const STRIPE_WEBHOOK_SECRET = /^whsec_\w+$/;
const modeOf = (key: string) => (key.includes('_live_') ? 'live' : 'test');

/**
 * The `stripe` provider cannot start without its keys: the server would take applications it
 * cannot charge, or refuse every webhook. A key in the wrong variable, or a test key beside a live
 * one, is refused here rather than at the first payment.
 */
function checkPayments(payments: Config['payments']): void {
  if (payments.provider !== 'stripe') return;
  const { secretKey, publishableKey, webhookSecrets } = payments.stripe;
  const problems: string[] = [];
  if (!secretKey) problems.push('STRIPE_SECRET_KEY is required with PAYMENTS_PROVIDER=stripe');
  else if (!STRIPE_SECRET_KEY.test(secretKey))
    problems.push('STRIPE_SECRET_KEY must be a secret key (sk_test_…, sk_live_…, rk_live_…)');
  if (!publishableKey)
    problems.push('STRIPE_PUBLISHABLE_KEY is required with PAYMENTS_PROVIDER=stripe');
  else if (!STRIPE_PUBLISHABLE_KEY.test(publishableKey))
    problems.push('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_…, pk_live_…)');
  if (webhookSecrets.length === 0)
    problems.push(
      'STRIPE_WEBHOOK_SECRET is required with PAYMENTS_PROVIDER=stripe (comma-separated for several endpoints)',
    );
  else if (!webhookSecrets.every((secret) => STRIPE_WEBHOOK_SECRET.test(secret)))
    problems.push("STRIPE_WEBHOOK_SECRET must be the endpoints' signing secrets (whsec_…)");
  if (
    problems.length === 0 &&
    secretKey &&
    publishableKey &&
    modeOf(secretKey) !== modeOf(publishableKey)
  )
    problems.push(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys',
    );
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

/** `true`, `false`, or the proxies' addresses and CIDR ranges separated by commas. */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

function readS3(env: Env): Config['s3'] {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  const given = [S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY].filter(
    Boolean,
  ).length;
  if (given === 0) return undefined;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  };
}

/** A generated secret kept in DATA_DIR, so tokens survive restarts without any setup. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
