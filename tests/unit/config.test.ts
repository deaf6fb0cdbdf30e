import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/server/config.ts';
import { readSiteFacts } from '#src/site/facts.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: './data', databaseUrl: undefined, smtpUrl: undefined, pgliteFsync: true });
    expect(loadConfig({ PGLITE_FSYNC: 'false' }).pgliteFsync).toBe(false);
    expect(config.allowedRecipientDomains).toEqual(['shannon-insurance.ie']);
    expect(config.mailFrom).toBe('Shannon Commercial Insurance <sales@shannon-insurance.ie>');
    expect(config.mailMaxAttempts).toBe(20);
    expect(loadConfig({ MAIL_MAX_ATTEMPTS: '3' }).mailMaxAttempts).toBe(3);
    expect(config.formRateLimit).toBeUndefined();
    expect(loadConfig({ FORM_RATE_LIMIT: '500' }).formRateLimit).toBe(500);
    expect(config.mailBodyRetentionDays).toBe(30);
    expect(loadConfig({ MAIL_BODY_RETENTION_DAYS: '7' }).mailBodyRetentionDays).toBe(7);
    expect(config.site.retentionMonths).toBe(24);
    expect(config.demoPosts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoPosts).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_POSTS: 'true' }).demoPosts).toBe(true);
    // A production site's trust facts and team start empty: never another broker's reviews or people.
    expect(config.demoContent).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoContent).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_CONTENT: 'true' }).demoContent).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be a port number'],
    [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL must start with postgres: or postgresql://'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL must be a URL'],
    [{ ADMIN_EMAIL: 'admin' }, 'ADMIN_EMAIL must be an email address'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 12 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ SENTRY_DSN: 'not a url' }, 'SENTRY_DSN must be a URL (the DSN from the Sentry project’s settings)'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' }, 'OTEL_EXPORTER_OTLP_ENDPOINT must start with http:// or https://'],
    [{ PGLITE_FSYNC: 'off' }, 'PGLITE_FSYNC must be true or false'],
    [{ MAIL_MAX_ATTEMPTS: '0' }, 'MAIL_MAX_ATTEMPTS must be a whole number from 1 to 100'],
    [{ MAIL_MAX_ATTEMPTS: 'forever' }, 'MAIL_MAX_ATTEMPTS must be a whole number from 1 to 100'],
    [{ FORM_RATE_LIMIT: '0' }, 'FORM_RATE_LIMIT must be a whole number from 1 to 100,000'],
    [{ MAIL_BODY_RETENTION_DAYS: '0' }, 'MAIL_BODY_RETENTION_DAYS must be a whole number from 1 to 3,650'],
    [{ ROLE: 'builder' }, 'ROLE must be all, web or worker'],
    [{ ROLE: 'web' }, 'ROLE=web needs DATABASE_URL: the embedded database serves one process'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET must be at least 32 random bytes in base64'],
  ])('stops on %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('runs everything in one process unless ROLE splits web and worker on PostgreSQL', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: 'worker', DATABASE_URL: 'postgres://db/broker' }).role).toBe('worker');
  });

  it('reads the app secret from APP_SECRET_FILE, checked as APP_SECRET is', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-secret-'));
    try {
      const secret = randomBytes(32).toString('base64');
      writeFileSync(join(dir, 'good'), `${secret}\n`);
      writeFileSync(join(dir, 'bad'), 'not a secret');
      expect(loadConfig({ APP_SECRET_FILE: join(dir, 'good') }).appSecret).toBe(secret);
      expect(() => loadConfig({ APP_SECRET_FILE: join(dir, 'bad') })).toThrow('The file APP_SECRET_FILE names must be at least 32 random bytes');
      expect(() => loadConfig({ APP_SECRET_FILE: join(dir, 'missing') })).toThrow('APP_SECRET_FILE names a file that cannot be read');
      expect(() => loadConfig({ APP_SECRET_FILE: join(dir, 'good'), APP_SECRET: secret })).toThrow('Set APP_SECRET or APP_SECRET_FILE, not both');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a bad site fact too', () => {
    expect(() => readSiteFacts({ SITE_ORIGIN: 'nowhere' })).toThrow(/SITE_ORIGIN must be an absolute URL/);
    expect(() => readSiteFacts({ CENTRAL_BANK_REFERENCE: '12345' })).toThrow(/CENTRAL_BANK_REFERENCE must look like C12345/);
  });

  it('builds the regulatory statement from the legal name and brand', () => {
    const facts = readSiteFacts({ LEGAL_NAME: 'Acme Brokers Limited', BRAND_NAME: 'Acme Vans' });
    expect(facts.regulatoryStatement).toBe('Acme Brokers Limited trading as Acme Vans is regulated by the Central Bank of Ireland');
  });

  it('asks for the provider keys when reCAPTCHA or Turnstile is chosen', () => {
    expect(readSiteFacts({}).humanCheck).toEqual({ provider: 'altcha' });
    expect(() => readSiteFacts({ HUMAN_CHECK: 'recaptcha' })).toThrow(/HUMAN_CHECK_SITE_KEY is required when HUMAN_CHECK is recaptcha/);
    expect(() => readSiteFacts({ HUMAN_CHECK: 'hcaptcha' })).toThrow(/HUMAN_CHECK must be altcha, recaptcha or turnstile/);
    expect(() => loadConfig({ HUMAN_CHECK: 'turnstile', HUMAN_CHECK_SITE_KEY: 'key' })).toThrow(/HUMAN_CHECK_SECRET is required when HUMAN_CHECK is turnstile/);
    expect(loadConfig({ HUMAN_CHECK: 'turnstile', HUMAN_CHECK_SITE_KEY: 'key', HUMAN_CHECK_SECRET: 's' }).site.humanCheck).toEqual({
      provider: 'turnstile',
      siteKey: 'key',
    });
  });
});

describe('the card payment link (PAYMENT_URL)', () => {
  it('is unset by default, so nothing links to it', async () => {
    const { paymentLinkOf } = await import('#src/site/navigation.ts');
    expect(readSiteFacts({}).paymentUrl).toBeNull();
    expect(paymentLinkOf(readSiteFacts({}).paymentUrl)).toBeNull();
  });

  it('becomes a "Pay online" link when set', async () => {
    const { paymentLinkOf } = await import('#src/site/navigation.ts');
    const facts = readSiteFacts({ PAYMENT_URL: 'https://pay.example.ie/broker' });
    expect(facts.paymentUrl).toBe('https://pay.example.ie/broker');
    expect(paymentLinkOf(facts.paymentUrl)).toEqual({ href: 'https://pay.example.ie/broker', label: 'Pay online' });
  });

  it.each(['http://pay.example.ie', 'pay.example.ie', 'javascript:alert(1)'])('stops the start-up on %j', (value) => {
    expect(() => loadConfig({ PAYMENT_URL: value })).toThrow(/PAYMENT_URL must be an https URL/);
  });
});

describe('the browser API base (PUBLIC_API_BASE)', () => {
  it('is the relative /api/v1 by default and whenever it names localhost', async () => {
    const { resolveApiBase } = await import('#src/lib/api-base.ts');
    expect(readSiteFacts({}).apiBase).toBe('/api/v1');
    expect(resolveApiBase(undefined)).toBe('/api/v1');
    expect(resolveApiBase('http://localhost:3001/api/v1')).toBe('/api/v1');
    expect(readSiteFacts({ PUBLIC_API_BASE: 'http://localhost:3001/api/v1' }).apiBase).toBe('/api/v1');
  });

  it('takes a path or an absolute URL, without a trailing slash', () => {
    expect(readSiteFacts({ PUBLIC_API_BASE: '/backend/api/v1/' }).apiBase).toBe('/backend/api/v1');
    expect(readSiteFacts({ PUBLIC_API_BASE: 'https://api.example.ie/api/v1' }).apiBase).toBe('https://api.example.ie/api/v1');
  });

  it('stops on anything else', () => {
    expect(() => readSiteFacts({ PUBLIC_API_BASE: 'api.example.ie' })).toThrow(/PUBLIC_API_BASE must be a path/);
  });

  it('is what the browser client calls', async () => {
    const { API_BASE } = await import('#src/api/client.ts');
    expect(API_BASE).toBe('/api/v1');
  });
});
