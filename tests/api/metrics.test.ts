import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#src/server/app.ts';
import { loadConfig } from '#src/server/config.ts';
import { outbox } from '#src/server/db/schema.ts';
import { createLogger } from '#src/server/log.ts';
import { createMetrics, metricsRefused, type Metrics } from '#src/server/ops/metrics.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

const TOKEN = 'metrics-test-token-0123456789abcdef';
let test: TestDatabase;
let app: ReturnType<typeof createApp>;
let metrics: Metrics;
let dataDir: string;

/** How the Node adapter hands the socket to the app: a request from another machine… */
const fromPeer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const remote = fromPeer('203.0.113.9');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'metrics-test-'));
  test = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', FORM_RATE_LIMIT: '2', METRICS_TOKEN: TOKEN, DATA_DIR: dataDir });
  metrics = createMetrics({ db: test.database.db, token: config.metricsToken });
  app = createApp({ config, db: test.database.db, log: createLogger('silent'), site: null, secretKey: randomBytes(32), metrics });
});
afterAll(async () => {
  await test.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('who may read /metrics', () => {
  it('refuses a peer on another machine, even one claiming loopback in X-Forwarded-For, or with a wrong token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '127.0.0.1' },
      { authorization: 'Bearer not-the-token' },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const res = await app.request('/metrics', { headers }, remote);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ ok: false, message: metricsRefused, errors: [] });
    }
  });

  it('serves a peer with the bearer token from METRICS_TOKEN', async () => {
    const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }, remote);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('answers at exactly /metrics: a trailing slash or a path under it shows no metrics, even with the token', async () => {
    const headers = { authorization: `Bearer ${TOKEN}` };
    for (const path of ['/metrics/', '/metrics//', '/metrics/?format=text', '/metrics/anything', '/metrics/anything/', '/Metrics', '/metrics.txt']) {
      const res = await app.request(path, { headers }, remote);
      const text = await res.text();
      expect(res.headers.get('content-type') ?? '', path).not.toMatch(/^text\/plain; version=0\.0\.4/);
      expect(text, path).not.toContain('# TYPE');
    }
    expect((await app.request('/metrics?format=text', { headers }, remote)).status).toBe(200);
  });

  it('serves a loopback peer (a real socket on 127.0.0.1) without a token', async () => {
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    });
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE http_requests_total counter');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** The value of one sample line, e.g. `rate_limit_refusals_total{limit="form:ip"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('what /metrics says', () => {
  it('counts requests by route pattern and status, rate-limit refusals, upload bytes, site builds and the outbox backlog', async () => {
    const form = (address: string) =>
      app.request(
        '/api/v1/contacts/create',
        { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: '{}' },
        remote,
      );
    expect([(await form('198.51.100.1')).status, (await form('198.51.100.1')).status, (await form('198.51.100.1')).status]).toEqual([400, 400, 429]);
    expect((await app.request('/api/v1/posts/get/not-a-post-id', {}, remote)).status).toBe(404);
    expect((await app.request('/api/v1/no-such-thing', {}, remote)).status).toBe(404);

    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const created = await app.request(
      '/api/v1/uploads',
      {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(pdf.byteLength),
          'upload-metadata': `filename ${btoa('s.pdf')},purpose ${btoa('lead-file')}`,
        },
      },
      remote,
    );
    const patched = await app.request(
      created.headers.get('location')!,
      {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(pdf.byteLength),
        },
        body: pdf,
      },
      remote,
    );
    expect(patched.status).toBe(200);

    const mail = { to: ['sales@example.ie'], subject: 'x', text: 'x', messageId: '<m@example.ie>' };
    await test.database.db.insert(outbox).values([
      { ...mail, createdAt: sql`now() - interval '2 minutes'` },
      { ...mail, createdAt: sql`now() - interval '10 seconds'` },
      { ...mail, status: 'failed', failedAt: sql`now()` },
      { ...mail, status: 'sent', sentAt: sql`now()` },
    ]);
    metrics.recordSiteBuild(12.5);
    metrics.recordSiteBuild(3, 'failed');

    const text = await (await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }, remote)).text();
    expect(sample(text, 'http_requests_total{method="POST",route="/api/v1/contacts/create",status="400"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="POST",route="/api/v1/contacts/create",status="429"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/v1/contacts/create",status="429"}')).toBe(1);
    // Route patterns, never raw paths: one series for every post id, one for every unknown address.
    expect(sample(text, 'http_requests_total{method="GET",route="/api/v1/posts/get/:idOrSlug",status="404"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('not-a-post-id');
    expect(sample(text, 'rate_limit_refusals_total{limit="form:ip"}')).toBe(1);
    expect(sample(text, 'upload_bytes_total')).toBe(pdf.byteLength);
    expect(sample(text, 'site_builds_total{outcome="built"}')).toBe(1);
    expect(sample(text, 'site_builds_total{outcome="failed"}')).toBe(1);
    expect(sample(text, 'site_build_duration_seconds_sum')).toBe(12.5);
    expect(sample(text, 'outbox_queued_mails')).toBe(2);
    expect(sample(text, 'outbox_failed_mails')).toBe(1);
    expect(sample(text, 'outbox_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'outbox_oldest_queued_age_seconds')).toBeLessThan(600);
    expect(text).toContain('process_resident_memory_bytes');
  });
});
