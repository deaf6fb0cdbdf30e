import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { readSiteFacts } from '../../src/site/facts.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: './data', databaseUrl: undefined, smtpUrl: undefined });
    expect(config.allowedRecipientDomains).toEqual(['shannon-insurance.ie']);
    expect(config.mailFrom).toBe('Shannon Commercial Insurance <sales@shannon-insurance.ie>');
    expect(config.mailMaxAttempts).toBe(20);
    expect(loadConfig({ MAIL_MAX_ATTEMPTS: '3' }).mailMaxAttempts).toBe(3);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be a port number'],
    [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL must start with postgres: or postgresql://'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL must be a URL'],
    [{ ADMIN_EMAIL: 'admin' }, 'ADMIN_EMAIL must be an email address'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 12 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be info, error or silent'],
    [{ MAIL_MAX_ATTEMPTS: '0' }, 'MAIL_MAX_ATTEMPTS must be a whole number from 1 to 100'],
    [{ MAIL_MAX_ATTEMPTS: 'forever' }, 'MAIL_MAX_ATTEMPTS must be a whole number from 1 to 100'],
  ])('stops on %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
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
    expect(loadConfig({ HUMAN_CHECK: 'turnstile', HUMAN_CHECK_SITE_KEY: 'key', HUMAN_CHECK_SECRET: 's' }).site.humanCheck).toEqual({ provider: 'turnstile', siteKey: 'key' });
  });
});
