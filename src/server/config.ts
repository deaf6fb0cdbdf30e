import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { readSiteFacts, type SiteFacts } from '../site/facts.ts';
import type { LogLevel } from './log.ts';
import { ObservabilityEnv } from './observability/settings.ts';
import { parseTrustProxy, trustProxyMessage, type TrustProxy } from './http/client-address.ts';

/**
 * Server configuration from the environment, checked once at start-up. A bad value stops
 * the server with a message naming the variable; `.env.example` documents every one.
 */
const port = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,5}$/, `${name} must be a port number`),
    v.transform(Number),
    v.minValue(1, `${name} must be a port number`),
    v.maxValue(65535, `${name} must be a port number`),
  );

/** SHUTDOWN_GRACE_SECONDS unset in production: a load balancer checking readiness every few seconds stops sending in this time. */
const DEFAULT_PRODUCTION_GRACE_SECONDS = 5;

const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max.toLocaleString('en-IE')}`;
  return v.pipe(v.string(), v.regex(/^\d{1,9}$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message));
};

const flag = (name: string) =>
  v.pipe(
    v.picklist(['true', 'false'], `${name} must be true or false`),
    v.transform((value) => value === 'true'),
  );

const appSecret = (name: string) =>
  v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/_-]{43,}={0,2}$/, `${name} must be at least 32 random bytes in base64 (openssl rand -base64 32)`));

const optionalUrl = (name: string, protocols: string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.url(`${name} must be a URL`),
      v.check((value) => protocols.includes(new URL(value).protocol), `${name} must start with ${protocols.join(' or ')}//`),
    ),
  );

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'NODE_ENV must be development, production or test'), 'development'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('HOST must not be empty')), '127.0.0.1'),
  PORT: v.optional(port('PORT'), '3000'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DATA_DIR must not be empty')), './data'),
  DATABASE_URL: optionalUrl('DATABASE_URL', ['postgres:', 'postgresql:']),
  PGLITE_FSYNC: v.optional(flag('PGLITE_FSYNC'), 'true'),
  SMTP_URL: optionalUrl('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.nonEmpty('MAIL_FROM must not be empty'))),
  MAIL_MAX_ATTEMPTS: v.optional(wholeNumber('MAIL_MAX_ATTEMPTS', 1, 100), '20'),
  FORM_RATE_LIMIT: v.optional(wholeNumber('FORM_RATE_LIMIT', 1, 100_000)),
  LIST_EXACT_COUNT_LIMIT: v.optional(wholeNumber('LIST_EXACT_COUNT_LIMIT', 1, 10_000_000), '500'),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email('ADMIN_EMAIL must be an email address'))),
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(12, 'ADMIN_PASSWORD must be at least 12 characters'))),
  ALLOWED_RECIPIENT_DOMAINS: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'ALLOWED_RECIPIENT_DOMAINS must be a comma-separated list of domains')),
  ),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => parseTrustProxy(value) !== null, trustProxyMessage),
    ),
    'false',
  ),
  APP_SECRET: v.optional(appSecret('APP_SECRET')),
  APP_SECRET_FILE: v.optional(v.pipe(v.string(), v.nonEmpty('APP_SECRET_FILE must not be empty'))),
  ROLE: v.optional(v.picklist(['all', 'web', 'worker'], 'ROLE must be all, web or worker'), 'all'),
  TWO_FACTOR_ENABLED: v.optional(flag('TWO_FACTOR_ENABLED'), 'true'),
  ALLOW_SKIP_2FA: v.optional(flag('ALLOW_SKIP_2FA'), 'false'),
  SIGNUP_ENABLED: v.optional(flag('SIGNUP_ENABLED'), 'false'),
  WEBHOOKS_ALLOW_PRIVATE: v.optional(flag('WEBHOOKS_ALLOW_PRIVATE'), 'false'),
  DEMO_POSTS: v.optional(flag('DEMO_POSTS')),
  DEMO_CONTENT: v.optional(flag('DEMO_CONTENT')),
  HUMAN_CHECK_SECRET: v.optional(v.pipe(v.string(), v.nonEmpty('HUMAN_CHECK_SECRET must not be empty'))),
  HUMAN_CHECK_VERIFY_URL: optionalUrl('HUMAN_CHECK_VERIFY_URL', ['https:', 'http:']),
  DIST_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DIST_DIR must not be empty')), './dist'),
  SHUTDOWN_TIMEOUT_SECONDS: v.optional(wholeNumber('SHUTDOWN_TIMEOUT_SECONDS', 1, 600), '25'),
  SHUTDOWN_GRACE_SECONDS: v.optional(wholeNumber('SHUTDOWN_GRACE_SECONDS', 0, 120)),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(24, 'METRICS_TOKEN must be at least 24 characters (openssl rand -hex 24)'))),
  MAIL_BODY_RETENTION_DAYS: v.optional(wholeNumber('MAIL_BODY_RETENTION_DAYS', 1, 3650), '30'),
  SITE_BUILDER_IDLE_MINUTES: v.optional(wholeNumber('SITE_BUILDER_IDLE_MINUTES', 0, 1440), '10'),
  // Object storage (docs/operations/configuration.md#object-storage): uploads and site builds in an S3-compatible bucket.
  S3_BUCKET: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes)')),
  ),
  S3_ENDPOINT: optionalUrl('S3_ENDPOINT', ['https:', 'http:']),
  S3_REGION: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'S3_REGION must be a region name such as eu-west-1')), 'us-east-1'),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.nonEmpty('S3_ACCESS_KEY_ID must not be empty'))),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.nonEmpty('S3_SECRET_ACCESS_KEY must not be empty'))),
  S3_FORCE_PATH_STYLE: v.optional(flag('S3_FORCE_PATH_STYLE'), 'false'),
  S3_PREFIX: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*\/?$/, 'S3_PREFIX must be a key prefix such as broker/ (letters, digits, - _ . and /)'),
    ),
  ),
  // Logs, error reporting and traces (observability/settings.ts).
  ...ObservabilityEnv,
});

/** Where uploads and site builds go when S3_BUCKET is set; unset, they stay under DATA_DIR. */
export type S3Settings = {
  bucket: string;
  /** Unset for AWS itself; the address of any other S3-compatible store. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Bucket in the path (`http://host/bucket/key`), as most self-hosted stores need, not in the host name. */
  forcePathStyle: boolean;
  /** Put before every key, ending in a slash (or empty), so one bucket can hold several sites. */
  prefix: string;
};

const S3_ONLY_WITH_BUCKET = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;

/** The object storage settings, or why they do not hold together. */
function s3Settings(e: v.InferOutput<typeof EnvSchema>, secret: string | undefined): S3Settings | undefined | string {
  if (!e.S3_BUCKET) {
    const stray = S3_ONLY_WITH_BUCKET.find((name) => e[name] !== undefined);
    return stray ? `${stray} is set but S3_BUCKET is not: set S3_BUCKET to use object storage` : undefined;
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) return 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together';
  // Each server would otherwise make its own key under its own DATA_DIR and could not read the others' secrets.
  if (!secret) return 'APP_SECRET (or APP_SECRET_FILE) is required with S3_BUCKET: every server must share one key (openssl rand -base64 32)';
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '',
  };
}

/**
 * What a process does (docs/operations/scaling.md, Roles): `all` of it on one machine; `web`
 * serves visitors and staff and never loads the site builder; `worker` runs the background
 * jobs and the site builder, answering only health checks and metrics.
 */
export type Role = 'all' | 'web' | 'worker';

/** APP_SECRET itself, or read from APP_SECRET_FILE (a container secret); never both. */
function appSecretFrom(e: v.InferOutput<typeof EnvSchema>): string | undefined {
  if (e.APP_SECRET_FILE === undefined) return e.APP_SECRET;
  if (e.APP_SECRET !== undefined) throw new Error('Invalid configuration:\n  Set APP_SECRET or APP_SECRET_FILE, not both');
  let text: string;
  try {
    text = readFileSync(e.APP_SECRET_FILE, 'utf8').trim();
  } catch {
    throw new Error(`Invalid configuration:\n  APP_SECRET_FILE names a file that cannot be read: ${e.APP_SECRET_FILE}`);
  }
  const checked = v.safeParse(appSecret('The file APP_SECRET_FILE names'), text);
  if (!checked.success) throw new Error(`Invalid configuration:\n  ${checked.issues[0].message}`);
  return checked.output;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  role: Role;
  host: string;
  port: number;
  dataDir: string;
  distDir: string;
  databaseUrl: string | undefined;
  /** The embedded database syncs every commit to disk; off trades durability (power cut, OS crash) for write speed. */
  pgliteFsync: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Attempts at a mail the mail server keeps deferring (4xx, no answer) before it is marked failed. */
  mailMaxAttempts: number;
  /** Public form submissions (callbacks, quotes, renewals) allowed per client address per hour; unset: LIMITS' default. */
  formRateLimit: number | undefined;
  /** Staff lists count matching rows exactly up to this many; above it their total is the planner's estimate ("about N"). */
  listExactCountLimit: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Domains a public form may name in recipientEmails; anything else is refused, so the site never relays mail to strangers. */
  allowedRecipientDomains: string[];
  /** Which proxies in front of the app may tell us the client's address in X-Forwarded-For (none by default). */
  trustProxy: TrustProxy;
  /** Key for secrets at rest (TOTP secrets); when unset, one is generated under DATA_DIR. */
  appSecret: string | undefined;
  /** Two-factor sign-in (the spec's build flag, on by default). */
  twoFactorEnabled: boolean;
  /** Whether a user may skip two-factor setup. */
  allowSkip2FA: boolean;
  /** Whether the sign-in screen offers 'Create Account'. */
  signupEnabled: boolean;
  /** Webhooks may go to plain HTTP and to private and loopback addresses: for development and tests only. */
  webhooksAllowPrivate: boolean;
  /** reCAPTCHA or Turnstile: the secret key and the siteverify endpoint (the provider's own unless overridden). */
  humanCheckSecret: string | undefined;
  humanCheckVerifyUrl: string | undefined;
  logLevel: LogLevel;
  /** Sentry's DSN: unexpected errors are reported there (observability/sentry.ts). */
  sentryDsn: string | undefined;
  /** Where OpenTelemetry traces go (observability/tracing.ts). */
  otelEndpoint: string | undefined;
  /** How long a shutdown waits for requests and uploads in hand before cutting their connections. */
  shutdownTimeoutMs: number;
  /** After SIGTERM, how long the server still takes new connections while readiness says 503. */
  shutdownGraceMs: number;
  /** A bearer token that opens /metrics to a scraper on another machine (loopback peers need none). */
  metricsToken: string | undefined;
  /**
   * Days a sent (or failed) mail keeps its body; after that only its envelope (recipients,
   * subject line, times, what the mail server answered) stays, and its .eml file goes.
   * How long the records themselves stay is `site.retentionMonths` (the privacy statement's number).
   */
  mailBodyRetentionDays: number;
  /** Minutes the rebuild's Astro process waits for the next build before it ends; 0 ends it after each (src/build/astro-process.ts). */
  siteBuilderIdleMinutes: number;
  /** Whether a fresh database gets the demonstration blog posts: on in development and tests, off in production unless asked for. */
  demoPosts: boolean;
  /** Uploads and site builds in an S3-compatible bucket; undefined keeps them under DATA_DIR. */
  s3: S3Settings | undefined;
  /** Whether a fresh database's trust facts and team are the demonstration broker's (src/site/content-seed/demo-content.ts): as demoPosts. */
  demoContent: boolean;
  site: SiteFacts;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  // First failure per variable only: later checks in a pipe may assume the earlier ones held.
  const result = v.safeParse(EnvSchema, present, { abortPipeEarly: true });
  if (!result.success) {
    throw new Error(`Invalid configuration:\n  ${result.issues.map((issue) => issue.message).join('\n  ')}`);
  }
  const e = result.output;
  const site = readSiteFacts(env);
  if (site.humanCheck.provider !== 'altcha' && !e.HUMAN_CHECK_SECRET) {
    throw new Error(`Invalid configuration:\n  HUMAN_CHECK_SECRET is required when HUMAN_CHECK is ${site.humanCheck.provider}`);
  }
  const secret = appSecretFrom(e);
  const s3 = s3Settings(e, secret);
  if (typeof s3 === 'string') throw new Error(`Invalid configuration:\n  ${s3}`);
  // The embedded database is one process's: web and worker apart need a PostgreSQL server to share.
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new Error(
      `Invalid configuration:\n  ROLE=${e.ROLE} needs DATABASE_URL: the embedded database serves one process, so leave ROLE unset on one machine`,
    );
  }
  const salesDomain = site.salesEmail.split('@')[1] ?? '';
  return {
    env: e.NODE_ENV,
    role: e.ROLE,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    distDir: e.DIST_DIR,
    databaseUrl: e.DATABASE_URL,
    pgliteFsync: e.PGLITE_FSYNC,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${site.brand} <${site.salesEmail}>`,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    formRateLimit: e.FORM_RATE_LIMIT,
    listExactCountLimit: e.LIST_EXACT_COUNT_LIMIT,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    allowedRecipientDomains: (e.ALLOWED_RECIPIENT_DOMAINS ?? salesDomain)
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY)!,
    appSecret: secret,
    twoFactorEnabled: e.TWO_FACTOR_ENABLED,
    allowSkip2FA: e.ALLOW_SKIP_2FA,
    signupEnabled: e.SIGNUP_ENABLED,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    humanCheckSecret: e.HUMAN_CHECK_SECRET,
    humanCheckVerifyUrl: e.HUMAN_CHECK_VERIFY_URL,
    logLevel: e.LOG_LEVEL,
    sentryDsn: e.SENTRY_DSN,
    otelEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    // Behind a load balancer it needs a few seconds to see readiness fail; on a laptop, none.
    shutdownGraceMs: (e.SHUTDOWN_GRACE_SECONDS ?? (e.NODE_ENV === 'production' ? DEFAULT_PRODUCTION_GRACE_SECONDS : 0)) * 1000,
    metricsToken: e.METRICS_TOKEN,
    mailBodyRetentionDays: e.MAIL_BODY_RETENTION_DAYS,
    siteBuilderIdleMinutes: e.SITE_BUILDER_IDLE_MINUTES,
    // A broker's live blog must not open with posts it did not write.
    demoPosts: e.DEMO_POSTS ?? e.NODE_ENV !== 'production',
    s3,
    // Nor with reviews, insurers or people that are not its own.
    demoContent: e.DEMO_CONTENT ?? e.NODE_ENV !== 'production',
    site,
  };
}
