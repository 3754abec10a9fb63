import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/**
 * Every environment variable Tandem reads (ARCHITECTURE "Configuration"), parsed once at boot,
 * after empty values are dropped (withoutEmptyValues: `NODE_ENV=` means unset).
 * Secrets (JWT_SECRET, CODE_PEPPER, ENCRYPTION_KEY) may be omitted in embedded mode: they are then
 * generated once into DATA_DIR/secrets.json. MAIL_JOB_TIMEOUT_SECONDS bounds one mail delivery attempt: an
 * attempt still running after it (a hung SMTP server, a killed process) fails and is retried
 * (decision 011).
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  MAIL_URL: optionalUrl,
  MAIL_FROM: z.string().default('Tandem <no-reply@tandem.local>'),
  MAIL_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  CODE_PEPPER: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(3600)
    .default(15 * 60),
  CLIENT_IDS: csv.default(['tandem-web']),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  TANDEM_DEMO: z
    .enum(['0', '1'])
    .default('1')
    .transform((v) => v === '1'),
  POSTHOG_KEY: optionalString,
  POSTHOG_HOST: optionalString,
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_API_URL: optionalUrl,
  ENCRYPTION_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  REDIS_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Env = z.infer<typeof EnvSchema>;

/** The resolved configuration the app is built from; tests build one directly. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  mailUrl: string | undefined;
  mailFrom: string;
  /** Seconds one mail delivery attempt may run before it is failed and retried. */
  mailJobTimeoutSeconds: number;
  /**
   * Seconds an Idempotency-Key stays with the attempt that claimed it; after that a replay of an
   * unanswered key takes over (issue #14, plugins/idempotency.ts).
   */
  idempotencyLeaseSeconds: number;
  jwtSecret: string;
  codePepper: string;
  accessTokenTtlSeconds: number;
  clientIds: string[];
  /** Requests per minute per IP on /api, a ceiling above the exact auth throttles. */
  rateLimitPerMinute: number;
  trustProxy: boolean;
  seedDemo: boolean;
  posthogKey: string | undefined;
  posthogHost: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Directory of the built web app to serve; absent → API only. */
  webDistDir: string | undefined;
  /**
   * The OpenAI-compatible model (issue #11; PRODUCT §9) when AI_BASE_URL is set; null = the
   * built-in offline provider only. `model` defaults to "gpt-4o-mini"; `timeoutMs` bounds one call.
   */
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | null;
  /** Key material for data encrypted at rest (the Slack bot token; issue #12), ≥ 32 characters. */
  encryptionKey: string;
  /**
   * The Slack app (issue #12) when SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET
   * are all set; null = Slack not configured (the Slack tab says what to set). `apiUrl` is Slack's
   * Web API base ending in "/api/" (SLACK_API_URL, default https://slack.com/api/); the OAuth
   * authorize page is `authorizeUrl` (https://slack.com/oauth/v2/authorize, or
   * {SLACK_API_URL's origin}/oauth/v2/authorize when SLACK_API_URL is set, for a stand-in).
   */
  slack: { clientId: string; clientSecret: string; signingSecret: string; apiUrl: string; authorizeUrl: string } | null;
  /** Which of SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_SIGNING_SECRET are unset (the Slack tab names them). */
  slackMissingSettings: string[];
}

/** Thrown at boot with one line per bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n');
}

interface GeneratedSecrets {
  jwtSecret: string;
  codePepper: string;
  encryptionKey: string;
}

/**
 * Reads DATA_DIR/secrets.json (embedded mode only), creating it — or adding a secret a newer
 * version needs, e.g. encryptionKey (issue #12) — with random values; existing ones never change.
 */
function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<GeneratedSecrets>) : {};
  const secret = () => randomBytes(48).toString('base64url');
  const secrets: GeneratedSecrets = {
    jwtSecret: stored.jwtSecret ?? secret(),
    codePepper: stored.codePepper ?? secret(),
    encryptionKey: stored.encryptionKey ?? secret(),
  };
  if (Object.keys(secrets).some((key) => stored[key as keyof GeneratedSecrets] === undefined)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/** Slack's Web API base and authorize page for `apiUrl` (SLACK_API_URL) or Slack itself. */
function slackUrls(apiUrl: string | undefined): { apiUrl: string; authorizeUrl: string } {
  if (!apiUrl) return { apiUrl: 'https://slack.com/api/', authorizeUrl: 'https://slack.com/oauth/v2/authorize' };
  const base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  return { apiUrl: base, authorizeUrl: new URL('/oauth/v2/authorize', base).href };
}

/**
 * `source` without the variables set to the empty string: an empty variable counts as unset
 * everywhere (`NODE_ENV=` in a compose file or a shell means "the default").
 */
export function withoutEmptyValues(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
}

/**
 * Parses `rawSource` (default process.env) into an AppConfig; empty variables count as unset.
 * @throws ConfigError listing every invalid or missing variable, including JWT_SECRET and
 *   CODE_PEPPER when DATABASE_URL is set, and MAIL_URL when NODE_ENV is production.
 */
export function loadConfig(rawSource: NodeJS.ProcessEnv = process.env, webDistDir?: string): AppConfig {
  const source = withoutEmptyValues(rawSource);
  const parsed = EnvSchema.safeParse(source);
  // Checked on the raw source so that one error lists these together with any invalid variable.
  // Several instances share one database, so they must share the secrets too.
  const missing = source.DATABASE_URL
    ? (['JWT_SECRET', 'CODE_PEPPER'] as const)
        .filter((name) => !source[name])
        .map((name) => `  - ${name}: required when DATABASE_URL is set`)
    : [];
  // Every instance must decrypt the bot tokens the others stored.
  if (source.DATABASE_URL && source.SLACK_CLIENT_ID && !source.ENCRYPTION_KEY) {
    missing.push('  - ENCRYPTION_KEY: required when DATABASE_URL and SLACK_CLIENT_ID are set');
  }
  // Without MAIL_URL mail is printed to the log: sign-in codes and reset links must never end up
  // in a production log.
  if (source.NODE_ENV === 'production' && !source.MAIL_URL) {
    missing.push('  - MAIL_URL: required when NODE_ENV is production (without it, codes and reset links would be written to the log)');
  }
  if (!parsed.success || missing.length > 0) {
    const problems = [...(parsed.success ? [] : [formatIssues(parsed.error)]), ...missing];
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  let { JWT_SECRET: jwtSecret, CODE_PEPPER: codePepper, ENCRYPTION_KEY: encryptionKey } = env;
  if (!jwtSecret || !codePepper || !encryptionKey) {
    const generated = loadOrCreateSecrets(env.DATA_DIR);
    jwtSecret ??= generated.jwtSecret;
    codePepper ??= generated.codePepper;
    encryptionKey ??= generated.encryptionKey;
  }
  const { SLACK_CLIENT_ID: slackClientId, SLACK_CLIENT_SECRET: slackClientSecret, SLACK_SIGNING_SECRET: slackSigningSecret } = env;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    mailUrl: env.MAIL_URL,
    mailFrom: env.MAIL_FROM,
    mailJobTimeoutSeconds: env.MAIL_JOB_TIMEOUT_SECONDS,
    idempotencyLeaseSeconds: env.IDEMPOTENCY_LEASE_SECONDS,
    jwtSecret: jwtSecret!,
    codePepper: codePepper!,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    clientIds: env.CLIENT_IDS,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    trustProxy: env.TRUST_PROXY,
    seedDemo: env.TANDEM_DEMO && !env.DATABASE_URL,
    posthogKey: env.POSTHOG_KEY,
    posthogHost: env.POSTHOG_HOST,
    logLevel: env.LOG_LEVEL,
    webDistDir,
    ai: env.AI_BASE_URL
      ? {
          baseUrl: env.AI_BASE_URL.replace(/\/$/, ''),
          apiKey: env.AI_API_KEY,
          model: env.AI_MODEL ?? 'gpt-4o-mini',
          timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
        }
      : null,
    encryptionKey: encryptionKey!,
    slack:
      slackClientId && slackClientSecret && slackSigningSecret
        ? { clientId: slackClientId, clientSecret: slackClientSecret, signingSecret: slackSigningSecret, ...slackUrls(env.SLACK_API_URL) }
        : null,
    slackMissingSettings: Object.entries({
      SLACK_CLIENT_ID: slackClientId,
      SLACK_CLIENT_SECRET: slackClientSecret,
      SLACK_SIGNING_SECRET: slackSigningSecret,
    })
      .filter(([, value]) => !value)
      .map(([name]) => name),
  };
}
